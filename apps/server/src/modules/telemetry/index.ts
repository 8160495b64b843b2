/** Machine telemetry: the one write path for cuts, statuses, knife scans and heartbeats. */

export { toRanges } from './seq-ranges';
export { rebookCuts } from './telemetry.repository';
export { createTelemetryService, type TelemetryService } from './telemetry.service';
export type { MachineAck, TelemetryBatchItem } from './telemetry-batch';
