import { randomUUID } from 'node:crypto';
import type { CreateOrderRequestSchema, Order, UpdateOrderRequestSchema } from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { MachineChangeSink } from '../../live/machine-change';
import { findOperableMachine, setMachineJob } from '../machines/index';
import { closeCuttingJob, type OrderRejects } from './cutting-jobs.repository';
import { cancelPlannedOrder, markOrderStarted } from './order-import.repository';
import { type Caller, inputTime, moveCuts, openingTime, orderChanges, orderInScope, toOrder } from './orders';
import {
  findOpenOrderOf,
  findOrder,
  insertOrder,
  listMachineOrders,
  updateOrderFields,
} from './orders.repository';

/**
 * Orders of the operator terminal (product.md §4 "Orders"): an order is a cutting job opened on a
 * machine, which books the machine's cuts to it until it is closed (CLOSED: cuts and times saved) or
 * deleted (CANCELLED); a planned (imported) order starts. ADR 0017.
 */
export function createTerminalOrdersService(deps: {
  transactions: Transactions;
  changes?: MachineChangeSink;
}) {
  const { transactions } = deps;
  const changingOrders = orderChanges(transactions, deps.changes);

  async function end(
    actor: Caller,
    id: string,
    state: 'CLOSED' | 'CANCELLED',
    at?: string,
    rejects?: OrderRejects,
  ): Promise<Order> {
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
        await closeCuttingJob(tx, id, { state, endedAt: new Date().toISOString(), rejects });
        return closed(tx, id, rejects);
      }
      // Closed when the operator closed it (kept offline), but never before it started: an `at`
      // before its start (the terminal's clock) ends it where it began rather than losing the close.
      const endedAt = new Date(Math.max(inputTime(at, Date.now()), order.startedAt.getTime())).toISOString();
      await closeCuttingJob(tx, id, { state, endedAt, rejects });
      // the cuts booked to it since then were cut after it ended: back to no order
      await moveCuts(tx, actor, { machineId: order.machineId, from: id, to: null, since: endedAt });
      return closed(tx, id, rejects);
    });
  }

  /**
   * The order as closed. Rejects are checked against the cuts it keeps (after those cut after `at`
   * went back): more than those is refused, and the refusal rolls the close back.
   */
  async function closed(tx: Tx, id: string, rejects: OrderRejects | undefined): Promise<Order> {
    const order = (await findOrder(tx, id))!;
    if (rejects && rejects.startup + rejects.production > order.cuts)
      throw AppError.fields([{ field: 'rejects.production', in: 'body', code: 'REJECTS_EXCEED_CUTS' }]);
    return toOrder(order);
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

    /**
     * Closes the order now, or at `at`: the cuts booked to it after `at` go back to no order; with
     * the rejected cuts the operator counted (issue 36). Closing a closed order changes nothing.
     */
    close: (actor: Caller, id: string, request?: { at?: string; rejects?: OrderRejects }) =>
      end(actor, id, 'CLOSED', request?.at, request?.rejects),

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
  };
}
