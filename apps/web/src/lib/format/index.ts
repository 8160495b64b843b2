export * from './address';
export * from './format';
export * from './number';
export * from './period';
