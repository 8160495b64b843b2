import { MAX_STATUS_BACKDATE_MS, ORDER_TIME_CLOCK_SKEW_MS, type Order } from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { MachineChangeSink } from '../../live/machine-change';
import { findOperableMachine } from '../machines/index';
import { rebookCuts } from '../telemetry/index';
import { addOrderCuts, findOrder, lastOrderEndOf, type OrderRow } from './orders.repository';

/* What the order services (terminal orders, partial jobs) share. No SQL here: that is in the repositories. */

export type Caller = Pick<Actor, 'tenantId' | 'userId' | 'role'>;

/**
 * When the operator made an order input (contracts `orderTime`), in ms: `at` checked against the
 * server's clock, as the status's `at` is bounded: at most a day back, never later than now. A time
 * up to the clock skew ahead is the terminal's clock running a little fast and counts as now; one
 * further ahead or more than a day back is refused (`validation.INVALID_INPUT` on `at`), since
 * rebooking a day's cuts or booking cuts to an order in the future would be a guess.
 */
export function inputTime(at: string, now: number): number {
  const time = Date.parse(at);
  if (time > now + ORDER_TIME_CLOCK_SKEW_MS || time < now - MAX_STATUS_BACKDATE_MS)
    throw new AppError('validation.INVALID_INPUT', {
      details: { fields: [{ field: 'at', in: 'body', code: 'INVALID_VALUE' }] },
    });
  return Math.min(time, now);
}

/**
 * When an order opened with `at` starts: at `at`, but never before the end of the machine's last
 * order. An earlier `at` is taken as that end rather than refused: the terminal sends its inputs in
 * the order they were made, yet the order before may have been closed later than the operator's
 * `at` says (closed now by another screen, by a partial job, or sent without a time), and the new
 * order is still the operator's valid input. Taking the end keeps the orders' spans apart, so the
 * cuts it takes over are only ones no order held, as a status is never dated before the one it follows.
 */
export async function openingTime(tx: Tx, machineId: string, at: string, now: number): Promise<number> {
  const time = inputTime(at, now);
  const lastEnd = await lastOrderEndOf(tx, machineId);
  return lastEnd ? Math.max(time, lastEnd.getTime()) : time;
}

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    machineId: row.machineId,
    name: row.name,
    orderNumber: row.orderNumber,
    programNumber: row.programNumber,
    state: row.state,
    parentJobId: row.parentJobId,
    startDate: row.startedAt.toISOString(),
    endDate: row.endedAt?.toISOString() ?? null,
    cuts: row.cuts,
    processingSeconds: row.processingSeconds,
    downtimeSeconds: row.downtimeSeconds,
    supportSeconds: row.supportSeconds,
    createdBy: row.createdById
      ? { id: row.createdById, displayName: row.createdByName ?? 'No pseudonym' }
      : null,
    externalOrderNumber: row.externalOrderNumber,
    plannedQuantity: row.plannedQuantity,
    dueDate: row.dueDate,
    startupRejects: row.startupRejects,
    productionRejects: row.productionRejects,
  };
}

/**
 * A transaction that changes a machine's orders. The rules (one open order per machine, what a
 * partial job continues) are checked with the machine's row locked (`findOperableMachine` with
 * `lock`), so two requests at once are judged one after the other; after the commit the machine's
 * view goes live (its current order changed).
 */
export function orderChanges(transactions: Transactions, changes?: MachineChangeSink) {
  return async function changingOrders<T>(
    actor: Caller,
    fn: (tx: Tx, touched: Set<string>) => Promise<T>,
  ): Promise<T> {
    const touched = new Set<string>();
    const result = await transactions.withTenant(actor.tenantId, (tx) => fn(tx, touched));
    if (touched.size > 0)
      changes?.committed(
        actor.tenantId,
        [...touched].map((machineId) => ({ kind: 'ORDER', machineId })),
      );
    return result;
  };
}

/** The order, if its machine is one the caller may drive; its machine stays locked. */
export async function orderInScope(tx: Tx, actor: Caller, id: string): Promise<OrderRow> {
  const order = await findOrder(tx, id);
  if (!order || !(await findOperableMachine(tx, actor, order.machineId, { lock: true })))
    throw new AppError('service.printing-shops.ORDER_NOT_FOUND');
  // read again under the lock: a request that held it may have changed the order
  return (await findOrder(tx, id))!;
}

/**
 * Moves the machine's cuts since `since` from one order to another (null: no order), with both
 * orders' cut counts: an order opened with an earlier `at` takes the cuts no order held, one
 * closed with an earlier `at` gives back those cut after it. Same transaction, machine row locked.
 */
export async function moveCuts(
  tx: Tx,
  actor: Caller,
  move: { machineId: string; from: string | null; to: string | null; since: string },
) {
  const moved = await rebookCuts(tx, actor.tenantId, move);
  if (move.from) await addOrderCuts(tx, move.from, -moved);
  if (move.to) await addOrderCuts(tx, move.to, moved);
}
