export * from './csrf';
export * from './cookies';
