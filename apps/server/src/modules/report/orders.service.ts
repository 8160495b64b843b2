import type { Transactions } from '../../db/transactions';
import type { MachineChangeSink } from '../../live/machine-change';
import { createPartialJobsService } from './partial-jobs.service';
import { createTerminalOrdersService } from './terminal-orders.service';

/**
 * Orders of the operator terminal (product.md §4 "Orders") and the report server's partial jobs (product.md §7):
 * an order is a cutting job opened on a machine, which books the machine's cuts to it until it is
 * closed (CLOSED: cuts and times saved) or deleted (CANCELLED). A partial job ends the open order
 * and continues it under a new name. Every call acts only on machines the caller may drive
 * (an operator: the machines of their locations); others are "not found". ADR 0017.
 *
 * The terminal's orders (terminal-orders.service.ts) and the partial jobs (partial-jobs.service.ts)
 * are composed here for the routes.
 */
export function createOrdersService(deps: { transactions: Transactions; changes?: MachineChangeSink }) {
  return {
    ...createTerminalOrdersService(deps),
    ...createPartialJobsService(deps),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
