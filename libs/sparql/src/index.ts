export * from './errors';
export * from './limits';
export * from './scopes';
export * from './guard';
export * from './category-filter';
export * from './engine';
export type { QueryOutput } from './worker-protocol';
