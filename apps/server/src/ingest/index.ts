/** MQTT entry points: machine telemetry and presence. */
export {
  type IngestStats,
  POSTGRES_INGEST_LANES,
  POSTGRES_TENANT_WRITERS_PER_LANE,
  startTelemetryIngest,
} from './telemetry.ingest';
