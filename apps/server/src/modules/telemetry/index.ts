/** Machine telemetry: the one write path for cuts, statuses, knife scans and heartbeats. */

export { rebookCuts } from './telemetry.repository';
export { createTelemetryService, type TelemetryService } from './telemetry.service';
export type { TelemetryBatchItem } from './telemetry-batch';
