export * from './csrf';
export * from './cookies';
export * from './etag';
export * from '../passwords';
