/**
 * The report server (product.md §7 "Report server", `/api/report`): employees, cutting machines, knives,
 * orders and OEE over a period in the browser's time zone, from the hourly cut rollups and the status
 * intervals. Owns `cutting_jobs` (ADR 0012): orders are opened and closed through the functions
 * exported here (the demo history, later the operator's order input); and `machine_ideal_cut_rates`
 * (issue 36), the ideal rates OEE measures performance against (`idealCutsPerHour`).
 */

import type { FastifyInstance } from 'fastify';
import type { ReadSource } from '../../db/client';
import type { Transactions } from '../../db/transactions';
import type { Authenticator } from '../../lib/route';
import type { MachineChangeSink } from '../../live/machine-change';
import { createIdealCutRateService } from './ideal-cut-rate';
import { createOrderImportService } from './order-import.service';
import { registerOrderRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';
import { registerReportRoutes } from './report.routes';
import { createReportService } from './report.service';

export { closeCuttingJob, openCuttingJob } from './cutting-jobs.repository';
export { idealCutsPerHour } from './ideal-cut-rate';
export { seedDemoIdealCutRates } from './oee.seed';
export { seedDemoPlannedOrders } from './order-import.repository';
export { cutsPerMachine } from './report.repository';
export { createReportService, type ReportService } from './report.service';
export { reportCsvFile } from './report-csv';

export function registerReportModule(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    transactions: Transactions;
    /** where reports read from: the primary's transactions, or a replica's (`DATABASE_READ_URL`) */
    reads: { transactions: Transactions; source: ReadSource };
    changes?: MachineChangeSink;
  },
) {
  registerReportRoutes(app, {
    authenticator: deps.authenticator,
    reports: createReportService({ transactions: deps.reads.transactions }),
    idealCutRates: createIdealCutRateService({ transactions: deps.transactions }),
    readSource: deps.reads.source,
    transactions: deps.transactions,
  });
  registerOrderRoutes(app, {
    authenticator: deps.authenticator,
    orders: createOrdersService({ transactions: deps.transactions, changes: deps.changes }),
    orderImport: createOrderImportService({ transactions: deps.transactions }),
  });
}
