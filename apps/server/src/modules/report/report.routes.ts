import {
  exportCuttingJobsReport,
  exportEmployeeReport,
  exportKnifeReport,
  exportMachineReport,
  getEmployeeCutsChart,
  getEmployeeCutsPerHourChart,
  getEmployeeTimesChart,
  getEmployeeTotalTimes,
  getKnifeCutsTotal,
  getKnifeCycles,
  getMachineAverageUptime,
  getMachineTotalUptime,
  getMachineUptimeLast24h,
  getMachineUsedKnivesCount,
  getReportReadSource,
  listCuttingJobsReport,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import type { ReadSource } from '../../db/client';
import { csvDialect, sendCsv } from '../../lib/csv';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { ReportService } from './report.service';
import { EMPLOYEE_CSV, KNIFE_CSV, MACHINE_CSV, ORDER_CSV } from './report-csv';

/**
 * The report server's endpoints (spec §7 "Report server"), mounted at /api/report.
 *
 * CSV exports: one row per machine / employee / knife / order, separators after the user's
 * language (`lang`, as the knife CSVs: `;` and a decimal comma for German …), header names in English and
 * statuses as their catalogue codes (`RUNNING`, `INTERRUPTION_…`), so a spreadsheet or an ERP import
 * reads the same columns whatever the user's language; every duration twice, as whole seconds and
 * as DD:HH:MM text (spec §9).
 */
const day = (iso: string) => iso.slice(0, 10);

export function registerReportRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; reports: ReportService; readSource: ReadSource },
) {
  const { authenticator: auth, reports, readSource } = deps;

  registerRoute(app, auth, getReportReadSource, async () => ({
    source: readSource.kind,
    lagSeconds: await readSource.lagSeconds(),
    checkedAt: new Date().toISOString(),
  }));

  registerRoute(app, auth, getEmployeeCutsChart, ({ actor, query }) =>
    reports.employeeCutsChart(actor, query),
  );
  registerRoute(app, auth, getEmployeeCutsPerHourChart, ({ actor, query }) =>
    reports.employeeCutsPerHourChart(actor, query),
  );
  registerRoute(app, auth, getEmployeeTimesChart, ({ actor, query }) =>
    reports.employeeTimesChart(actor, query),
  );
  registerRoute(app, auth, getEmployeeTotalTimes, ({ actor, query }) =>
    reports.employeeTotalTimes(actor, query),
  );
  registerRoute(app, auth, exportEmployeeReport, async ({ actor, query, reply }) => {
    const rows = await reports.employeeRows(actor, query);
    return sendCsv(
      reply,
      `employees-${day(query.startDate)}-${day(query.endDate)}`,
      EMPLOYEE_CSV.header,
      rows.map(EMPLOYEE_CSV.row),
      csvDialect(query.lang),
    );
  });

  registerRoute(app, auth, getMachineAverageUptime, ({ actor, query }) =>
    reports.machineAverageUptime(actor, query),
  );
  registerRoute(app, auth, getMachineTotalUptime, ({ actor, query }) =>
    reports.machineTotalUptime(actor, query),
  );
  registerRoute(app, auth, getMachineUsedKnivesCount, ({ actor, query }) =>
    reports.machineUsedKnives(actor, query),
  );
  registerRoute(app, auth, getMachineUptimeLast24h, ({ actor, query }) =>
    reports.machineUptimeLast24h(actor, query),
  );
  registerRoute(app, auth, exportMachineReport, async ({ actor, query, reply }) => {
    const rows = await reports.machineRows(actor, query);
    return sendCsv(
      reply,
      `cutting-machines-${day(query.startDate)}-${day(query.endDate)}`,
      MACHINE_CSV.header,
      rows.map((row) => MACHINE_CSV.row(row, query)),
      csvDialect(query.lang),
    );
  });

  registerRoute(app, auth, getKnifeCutsTotal, ({ actor, query }) => reports.knifeCutsTotal(actor, query));
  registerRoute(app, auth, getKnifeCycles, ({ actor, query }) => reports.knifeCycles(actor, query));
  registerRoute(app, auth, exportKnifeReport, async ({ actor, query, reply }) => {
    const rows = await reports.knifeRows(actor, query);
    return sendCsv(
      reply,
      `knives-${day(query.startDate)}-${day(query.endDate)}`,
      KNIFE_CSV.header,
      rows.map(KNIFE_CSV.row),
      csvDialect(query.lang),
    );
  });

  registerRoute(app, auth, listCuttingJobsReport, ({ actor, query }) => reports.cuttingJobs(actor, query));
  registerRoute(app, auth, exportCuttingJobsReport, async ({ actor, query, reply }) => {
    const rows = await reports.cuttingJobRows(actor, query);
    return sendCsv(
      reply,
      `orders-${day(query.startDate)}-${day(query.endDate)}`,
      ORDER_CSV.header,
      rows.map(ORDER_CSV.row),
      csvDialect(query.lang),
    );
  });
}
