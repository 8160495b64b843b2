import { DEFAULT_NO_CUTS_PROMPT_DELAY, type OperatorMachine } from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { MachineChangeSink } from '../../live/machine-change';
import { onlineStatusOf } from './online-status';
import {
  claimMachine,
  findOperableMachine,
  hasOperatorScope,
  listOperableMachines,
  type OperatorMachineRow,
  releaseMachine,
} from './operator-machines.repository';

function toOperatorMachine(row: OperatorMachineRow, userId: string): OperatorMachine {
  return {
    machineId: row.machineId,
    name: row.name,
    serialNumber: row.serialNumber,
    locationName: row.locationName,
    status: (row.status as OperatorMachine['status']) ?? null,
    onlineStatus: onlineStatusOf(row),
    operator: row.operatorId ? { id: row.operatorId, displayName: row.operatorName ?? 'No pseudonym' } : null,
    isCurrent: row.operatorId === userId,
    noCutsPromptDelay: row.noCutsPromptDelay ?? DEFAULT_NO_CUTS_PROMPT_DELAY,
  };
}

/**
 * The machine an operator works at (product.md §7 `PUT/DELETE /users/self/current-machine`, the operator
 * machine selection view). The machine's cuts are booked to its current operator (telemetry reads
 * `current_operator_id` for every cut), so selecting a machine is what books the cuts to a person.
 */
export function createCurrentMachineService(deps: {
  transactions: Transactions;
  changes?: MachineChangeSink;
}) {
  const { transactions } = deps;
  type Caller = Pick<Actor, 'tenantId' | 'userId' | 'role'>;

  /** After the commit: the machines whose operator changed send their views (OPERATOR_MACHINE_USE). */
  function announce(tenantId: string, machineIds: string[]) {
    deps.changes?.committed(
      tenantId,
      machineIds.map((machineId) => ({ kind: 'OPERATOR', machineId })),
    );
  }

  /** An operator without a location has no machine to choose: USER_HAS_NO_LOCATION, not an empty list. */
  async function requireLocation(tx: Tx, actor: Caller) {
    if (!(await hasOperatorScope(tx, actor)))
      throw new AppError('service.printing-shops.USER_HAS_NO_LOCATION');
  }

  async function selectionView(actor: Caller): Promise<OperatorMachine[]> {
    const rows = await transactions.withTenant(actor.tenantId, async (tx) => {
      await requireLocation(tx, actor);
      return listOperableMachines(tx, actor);
    });
    return rows.map((row) => toOperatorMachine(row, actor.userId));
  }

  return {
    selectionView,

    async select(actor: Caller, machineId: string): Promise<OperatorMachine> {
      const result = await transactions.withTenant(actor.tenantId, async (tx) => {
        await requireLocation(tx, actor);
        if (!(await findOperableMachine(tx, actor, machineId))) return null;
        const changed = await claimMachine(tx, actor.userId, machineId);
        const rows = await listOperableMachines(tx, actor);
        return { changed, row: rows.find((row) => row.machineId === machineId)! };
      });
      if (!result) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
      announce(actor.tenantId, result.changed);
      return toOperatorMachine(result.row, actor.userId);
    },

    async release(actor: Caller, machineId: string): Promise<void> {
      const released = await transactions.withTenant(actor.tenantId, async (tx) => {
        if (!(await findOperableMachine(tx, actor, machineId))) return null;
        return releaseMachine(tx, actor.userId, machineId);
      });
      if (released === null) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
      if (released) announce(actor.tenantId, [machineId]);
    },
  };
}
export type CurrentMachineService = ReturnType<typeof createCurrentMachineService>;
