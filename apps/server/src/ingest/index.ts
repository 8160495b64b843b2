/** MQTT entry points: machine telemetry and presence. */
export {
  type IngestStats,
  POSTGRES_INGEST_LANES,
  startTelemetryIngest,
} from './telemetry.ingest';
