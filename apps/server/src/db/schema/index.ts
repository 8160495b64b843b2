export * from './platform';
export * from './printing-shop';
export * from './telemetry';
export * from './administration';
