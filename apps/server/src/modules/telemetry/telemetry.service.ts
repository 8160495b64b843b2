import type { Transactions } from '../../db/transactions';
import type { MachineChangeSink } from '../../live/machine-change';
import { createOperatorStatusService } from './operator-status.service';
import { createPresenceService } from './presence.service';
import { createTelemetryBatchService } from './telemetry-batch.service';

/**
 * The single write path of machine telemetry: MQTT ingest, the operator's status PUT and the
 * history generator all come through `record` (telemetry-batch.service.ts; the operator's status PUT
 * through `recordOperatorStatus`, operator-status.service.ts; the agents' presence through
 * `recordPresence`, presence.service.ts). One transaction per tenant batch; counters, rollups and
 * intervals move in it; what changed goes to `changes` only after commit (the machine views, the webhooks).
 */
export function createTelemetryService(deps: { transactions: Transactions; changes?: MachineChangeSink }) {
  return {
    ...createTelemetryBatchService(deps),
    ...createPresenceService(deps),
    ...createOperatorStatusService(deps),
  };
}

export type TelemetryService = ReturnType<typeof createTelemetryService>;
