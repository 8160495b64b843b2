/** Machine telemetry: the one write path for cuts, statuses, knife scans and heartbeats. */

export { toRanges } from './seq-ranges';
export { rebookCuts } from './telemetry.repository';
export {
  createTelemetryService,
  type MachineAck,
  type TelemetryBatchItem,
  type TelemetryService,
} from './telemetry.service';
