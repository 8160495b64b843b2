import { MAX_STATUS_BACKDATE_MS, type MachineStatus, statusTransition } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { MachineChange, MachineChangeSink } from '../../live/machine-change';
import {
  findOperableMachine,
  isStatusRequestApplied,
  type OperatorStatusRequest,
  setMachineStatus,
} from '../machines/index';
import { insertStatusInterval } from './telemetry.repository';

/** The operator's status PUT, through the same tables as the machines' own statuses. */
export function createOperatorStatusService(deps: {
  transactions: Transactions;
  changes?: MachineChangeSink;
}) {
  const { transactions } = deps;

  /**
   * The operator's status change (`PUT /cutting-machines/{id}/status`) in one transaction that holds
   * the machine's lock from the first read to the commit: the operator's scope, the replay of an
   * idempotency key (answered as the first time, never checked again), the transition rule of
   * contracts `statusTransition` against the status as it stands under the lock, and the interval.
   * Two requests at once are so judged one after the other. It neither marks the machine heard (an
   * operator is not its agent) nor makes the caller its operator (`current-machine` does that).
   */
  async function recordOperatorStatus(tenantId: string, request: OperatorStatusRequest): Promise<void> {
    const change = await transactions.withTenant(tenantId, async (tx): Promise<MachineChange | null> => {
      const machine = await findOperableMachine(tx, request.actor, request.machineId, { lock: true });
      if (!machine) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
      if (request.replayable && (await isStatusRequestApplied(tx, machine.id, request.boot))) return null;
      const verdict = statusTransition(
        (machine.currentStatus as MachineStatus | null) ?? null,
        request.status,
      );
      if (verdict === 'UNCHANGED') throw new AppError('service.printing-shops.MACHINE_STATUS_UNCHANGED');
      if (verdict === 'NOT_ALLOWED')
        throw new AppError('service.printing-shops.MACHINE_STATUS_TRANSITION_NOT_ALLOWED');
      // Dated when the operator chose it (kept offline), but never before the status it follows:
      // inputs apply in the order they were made, whatever the terminal's clock says.
      const now = Date.now();
      const after = machine.statusSince?.getTime() ?? 0;
      const at = new Date(
        Math.max(after, Math.min(now, Math.max(request.requestedAt, now - MAX_STATUS_BACKDATE_MS))),
      ).toISOString();
      const operatorId = request.actor.userId;
      await insertStatusInterval(tenantId, tx, {
        machineId: machine.id,
        status: request.status,
        operatorId,
        at,
        source: 'OPERATOR',
        bootId: request.boot,
        seq: 1,
      });
      await setMachineStatus(tx, machine.id, { status: request.status, since: at, operatorId });
      return { kind: 'STATUS', machineId: machine.id, status: request.status, since: at, operatorId };
    });
    if (change) deps.changes?.committed(tenantId, [change]);
  }

  return { recordOperatorStatus };
}
