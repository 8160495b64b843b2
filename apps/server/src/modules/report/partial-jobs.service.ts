import { randomUUID } from 'node:crypto';
import type { Order } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { MachineChangeSink } from '../../live/machine-change';
import { findCurrentMachineOf, findOperableMachine } from '../machines/index';
import { closeCuttingJob } from './cutting-jobs.repository';
import { type Caller, orderChanges, orderInScope, toOrder } from './orders';
import { findOpenOrderOf, findOrder, insertOrder, updateOrderFields } from './orders.repository';

/**
 * The report server's partial jobs (product.md §7): the open order ends and goes on under a new
 * name; a job's name while no cut is booked to it; ending one now.
 */
export function createPartialJobsService(deps: { transactions: Transactions; changes?: MachineChangeSink }) {
  const { transactions } = deps;
  const changingOrders = orderChanges(transactions, deps.changes);

  return {
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
