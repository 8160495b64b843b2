export * from './administration';
export * from './customer-service';
export * from './platform';
export * from './printing-shop';
export * from './telemetry';
