/** MQTT entry points: machine telemetry and presence. */
export { type IngestStats, startTelemetryIngest, type TelemetryIngest } from './telemetry.ingest';
