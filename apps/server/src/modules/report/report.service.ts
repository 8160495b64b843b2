import type { Transactions } from '../../db/transactions';
import { createEmployeeReportService } from './employee-report.service';
import { createKnifeReportService } from './knife-report.service';
import { createMachineReportService } from './machine-report.service';
import { createOeeReportService } from './oee-report.service';
import { createOrderReportService } from './order-report.service';

/**
 * The report server (product.md §7): employees, cutting machines, knives, orders and OEE over a period, for
 * the locations the user may see. Every report runs in one tenant transaction; each section is its own
 * service (`*-report.service.ts`), composed here into the one object the routes, the CSV files and the
 * report e-mails call.
 */
export function createReportService(deps: { transactions: Transactions }) {
  return {
    ...createEmployeeReportService(deps),
    ...createMachineReportService(deps),
    ...createKnifeReportService(deps),
    ...createOrderReportService(deps),
    ...createOeeReportService(deps),
  };
}

export type ReportService = ReturnType<typeof createReportService>;
