export * from './errors';
export * from './limits';
export * from './scopes';
export * from './guard';
export * from './category-filter';
export * from './engine';
export type { QueryOutput } from './worker-protocol';
export * from './dataset-cache';
export * from './negotiate';
