export * from './auth';
export * from './common';
export * from './errors';
export * from './password';
export * from './platform';
export * from './roles';
export * from './route';
