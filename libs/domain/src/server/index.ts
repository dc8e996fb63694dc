export * from './csrf';
export * from './cookies';
export * from './etag';
export * from './session-hint';
export * from '../passwords';
