export * from './administration';
export * from './customer-service';
export * from './knife';
export * from './platform';
export * from './printing-shop';
export * from './registration';
export * from './setup';
export * from './telemetry';
