import { randomUUID } from 'node:crypto';
import {
  type CreateOrderRequestSchema,
  MAX_STATUS_BACKDATE_MS,
  ORDER_TIME_CLOCK_SKEW_MS,
  type Order,
  type UpdateOrderRequestSchema,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { MachineChangeSink } from '../../live/machine-change';
import { findCurrentMachineOf, findOperableMachine, setMachineJob } from '../machines/index';
import { rebookCuts } from '../telemetry/index';
import { closeCuttingJob } from './cutting-jobs.repository';
import { cancelPlannedOrder, markOrderStarted } from './order-import.repository';
import {
  addOrderCuts,
  findOpenOrderOf,
  findOrder,
  insertOrder,
  lastOrderEndOf,
  listMachineOrders,
  type OrderRow,
  updateOrderFields,
} from './orders.repository';

type Caller = Pick<Actor, 'tenantId' | 'userId' | 'role'>;

/**
 * When the operator made an order input (contracts `orderTime`), in ms: `at` checked against the
 * server's clock, as the status's `at` is bounded: at most a day back, never later than now. A time
 * up to the clock skew ahead is the terminal's clock running a little fast and counts as now; one
 * further ahead or more than a day back is refused (`validation.INVALID_INPUT` on `at`), since
 * rebooking a day's cuts or booking cuts to an order in the future would be a guess.
 */
function inputTime(at: string, now: number): number {
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
async function openingTime(tx: Tx, machineId: string, at: string, now: number): Promise<number> {
  const time = inputTime(at, now);
  const lastEnd = await lastOrderEndOf(tx, machineId);
  return lastEnd ? Math.max(time, lastEnd.getTime()) : time;
}

function toOrder(row: OrderRow): Order {
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
  };
}

/**
 * Orders of the operator terminal (product.md §4 "Orders") and the report server's partial jobs (product.md §7):
 * an order is a cutting job opened on a machine, which books the machine's cuts to it until it is
 * closed (CLOSED: cuts and times saved) or deleted (CANCELLED). A partial job ends the open order
 * and continues it under a new name. Every call acts only on machines the caller may drive
 * (an operator: the machines of their locations); others are "not found". ADR 0017.
 */
export function createOrdersService(deps: { transactions: Transactions; changes?: MachineChangeSink }) {
  const { transactions } = deps;

  /**
   * A transaction that changes a machine's orders. The rules (one open order per machine, what a
   * partial job continues) are checked with the machine's row locked (`findOperableMachine` with
   * `lock`), so two requests at once are judged one after the other; after the commit the machine's
   * view goes live (its current order changed).
   */
  async function changingOrders<T>(
    actor: Caller,
    fn: (tx: Tx, touched: Set<string>) => Promise<T>,
  ): Promise<T> {
    const touched = new Set<string>();
    const result = await transactions.withTenant(actor.tenantId, (tx) => fn(tx, touched));
    if (touched.size > 0)
      deps.changes?.committed(
        actor.tenantId,
        [...touched].map((machineId) => ({ kind: 'ORDER', machineId })),
      );
    return result;
  }

  /** The order, if its machine is one the caller may drive; its machine stays locked. */
  async function orderInScope(tx: Tx, actor: Caller, id: string): Promise<OrderRow> {
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
  async function moveCuts(
    tx: Tx,
    actor: Caller,
    move: { machineId: string; from: string | null; to: string | null; since: string },
  ) {
    const moved = await rebookCuts(tx, actor.tenantId, move);
    if (move.from) await addOrderCuts(tx, move.from, -moved);
    if (move.to) await addOrderCuts(tx, move.to, moved);
  }

  async function end(actor: Caller, id: string, state: 'CLOSED' | 'CANCELLED', at?: string): Promise<Order> {
    return changingOrders(actor, async (tx, touched) => {
      const order = await orderInScope(tx, actor, id);
      touched.add(order.machineId);
      if (order.state === state) return toOrder(order);
      if (order.state === 'PLANNED' && state === 'CANCELLED') {
        // deleting a planned order that never started
        await cancelPlannedOrder(tx, id);
        return toOrder((await findOrder(tx, id))!);
      }
      if (order.state !== 'OPEN') throw new AppError('service.printing-shops.ORDER_NOT_OPEN');
      if (at === undefined) {
        await closeCuttingJob(tx, id, { state, endedAt: new Date().toISOString() });
        return toOrder((await findOrder(tx, id))!);
      }
      // Closed when the operator closed it (kept offline), but never before it started: an `at`
      // before its start (the terminal's clock) ends it where it began rather than losing the close.
      const endedAt = new Date(Math.max(inputTime(at, Date.now()), order.startedAt.getTime())).toISOString();
      await closeCuttingJob(tx, id, { state, endedAt });
      // the cuts booked to it since then were cut after it ended: back to no order
      await moveCuts(tx, actor, { machineId: order.machineId, from: id, to: null, since: endedAt });
      return toOrder((await findOrder(tx, id))!);
    });
  }

  return {
    async list(actor: Caller, machineId: string, limit: number): Promise<Order[]> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        if (!(await findOperableMachine(tx, actor, machineId)))
          throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
        return (await listMachineOrders(tx, machineId, limit)).map(toOrder);
      });
    },

    /** Answers `created: false` for a replay of an order already created with the same id. */
    async create(
      actor: Caller,
      request: z.output<typeof CreateOrderRequestSchema>,
    ): Promise<{ order: Order; created: boolean }> {
      return changingOrders(actor, async (tx, touched) => {
        // The machine is locked first: a replay of the same order id that arrives at the same time
        // then finds the order the first request made.
        const machine = await findOperableMachine(tx, actor, request.machineId, { lock: true });
        if (request.id) {
          const existing = await findOrder(tx, request.id);
          if (existing) {
            if (!(await findOperableMachine(tx, actor, existing.machineId)))
              throw new AppError('service.printing-shops.ORDER_NOT_FOUND');
            return { order: toOrder(existing), created: false };
          }
        }
        if (!machine) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
        touched.add(request.machineId);
        if (await findOpenOrderOf(tx, request.machineId))
          throw new AppError('service.printing-shops.MACHINE_HAS_OPEN_ORDER');
        const id = request.id ?? randomUUID();
        const now = Date.now();
        const startedAt = new Date(
          request.at === undefined ? now : await openingTime(tx, request.machineId, request.at, now),
        ).toISOString();
        await insertOrder(tx, actor.tenantId, {
          id,
          machineId: request.machineId,
          name: request.name,
          orderNumber: request.orderNumber ?? null,
          programNumber: request.programNumber ?? null,
          parentJobId: null,
          startedAt,
          createdBy: actor.userId,
        });
        if (request.at !== undefined)
          await moveCuts(tx, actor, { machineId: request.machineId, from: null, to: id, since: startedAt });
        return { order: toOrder((await findOrder(tx, id))!), created: true };
      });
    },

    async update(
      actor: Caller,
      id: string,
      request: z.output<typeof UpdateOrderRequestSchema>,
    ): Promise<Order> {
      return changingOrders(actor, async (tx, touched) => {
        const order = await orderInScope(tx, actor, id);
        if (order.state !== 'OPEN') throw new AppError('service.printing-shops.ORDER_NOT_OPEN');
        touched.add(order.machineId);
        await updateOrderFields(tx, id, request);
        return toOrder((await findOrder(tx, id))!);
      });
    },

    /** Closes the order now, or at `at`: the cuts booked to it after `at` go back to no order. */
    close: (actor: Caller, id: string, at?: string) => end(actor, id, 'CLOSED', at),

    /**
     * A planned (imported) order starts on its machine: from now on the machine's cuts are booked to
     * it; or from `at`, when the machine's cuts since then that no order held move to it.
     */
    start: (actor: Caller, id: string, at?: string): Promise<Order> =>
      changingOrders(actor, async (tx, touched) => {
        const order = await orderInScope(tx, actor, id);
        if (order.state === 'OPEN') return toOrder(order);
        touched.add(order.machineId);
        if (order.state !== 'PLANNED') throw new AppError('service.printing-shops.ORDER_NOT_PLANNED');
        if (await findOpenOrderOf(tx, order.machineId))
          throw new AppError('service.printing-shops.MACHINE_HAS_OPEN_ORDER');
        const startedAt =
          at === undefined
            ? null
            : new Date(await openingTime(tx, order.machineId, at, Date.now())).toISOString();
        await markOrderStarted(tx, id, actor.userId, startedAt);
        await setMachineJob(tx, order.machineId, id);
        if (startedAt !== null)
          await moveCuts(tx, actor, { machineId: order.machineId, from: null, to: id, since: startedAt });
        return toOrder((await findOrder(tx, id))!);
      }),
    remove: async (actor: Caller, id: string) => void (await end(actor, id, 'CANCELLED')),

    /** product.md §7 `POST /cutting-jobs/partial-jobs`: the open order ends here and goes on as a new partial job. */
    async createPartialJob(
      actor: Caller,
      request: { newJobName: string; machineId?: string },
    ): Promise<Order> {
      return changingOrders(actor, async (tx, touched) => {
        const machineId = request.machineId ?? (await findCurrentMachineOf(tx, actor.userId));
        if (!machineId) throw new AppError('service.printing-shops.NO_CURRENT_MACHINE');
        if (!(await findOperableMachine(tx, actor, machineId, { lock: true })))
          throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
        touched.add(machineId);
        const open = await findOpenOrderOf(tx, machineId);
        if (!open) throw new AppError('service.printing-shops.MACHINE_HAS_NO_OPEN_ORDER');
        const at = new Date().toISOString();
        await closeCuttingJob(tx, open.id, { state: 'CLOSED', endedAt: at });
        const id = randomUUID();
        await insertOrder(tx, actor.tenantId, {
          id,
          machineId,
          name: request.newJobName,
          orderNumber: open.orderNumber,
          programNumber: open.programNumber,
          parentJobId: open.id,
          startedAt: at,
          createdBy: actor.userId,
        });
        return toOrder((await findOrder(tx, id))!);
      });
    },

    /** A job's name may change while it is open and no cut is booked to it yet. */
    async isNameEditingAllowed(actor: Caller, id: string): Promise<boolean> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        const order = await orderInScope(tx, actor, id);
        return order.state === 'OPEN' && order.cuts === 0;
      });
    },

    async renamePartialJob(actor: Caller, id: string, name: string): Promise<Order> {
      return changingOrders(actor, async (tx, touched) => {
        const order = await orderInScope(tx, actor, id);
        if (order.state !== 'OPEN' || order.cuts > 0)
          throw new AppError('service.printing-shops.ORDER_NAME_EDITING_NOT_ALLOWED');
        touched.add(order.machineId);
        await updateOrderFields(tx, id, { name });
        return toOrder((await findOrder(tx, id))!);
      });
    },

    endPartialJobNow: (actor: Caller, id: string) =>
      changingOrders(actor, async (tx, touched) => {
        const order = await orderInScope(tx, actor, id);
        if (order.state !== 'OPEN') return toOrder(order);
        touched.add(order.machineId);
        await closeCuttingJob(tx, id, { state: 'CLOSED', endedAt: new Date().toISOString() });
        return toOrder((await findOrder(tx, id))!);
      }),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
