export * from './permissions';
export * from './roles';
export * from './limits';
export * from './format';
export * from './redirect';
export * from './errors';
export * from './labels';
export * from './authorisations';
