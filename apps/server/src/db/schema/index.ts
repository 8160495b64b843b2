export * from './administration';
export * from './platform';
export * from './printing-shop';
export * from './registration';
export * from './telemetry';
