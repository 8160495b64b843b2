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
  listCuttingJobsReport,
  MACHINE_STATUSES,
  type ReportStatus,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type CsvValue, csvDialect, sendCsv } from '../../lib/csv';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { ReportService } from './report.service';
import { ddhhmm } from './report-time';

/**
 * The report server's endpoints (spec §7 "Report server"), mounted at /api/report.
 *
 * CSV exports: one row per machine / employee / knife / order, separators after the user's
 * language (`lang`, as the knife CSVs: `;` and a decimal comma for German …), header names in English and
 * statuses as their catalogue codes (`RUNNING`, `INTERRUPTION_…`), so a spreadsheet or an ERP import
 * reads the same columns whatever the user's language; every duration twice, as whole seconds and
 * as DD:HH:MM text (spec §9).
 */
const STATUSES: ReportStatus[] = [...MACHINE_STATUSES, 'NO_DATA'];

const durationHeader = (name: string) => [`${name} (s)`, `${name} (DD:HH:MM)`];
const duration = (value: number): CsvValue[] => [value, ddhhmm(value)];
const statusHeader = STATUSES.flatMap(durationHeader);
const statusCells = (statuses: { status: ReportStatus; seconds: number }[]) => {
  const seconds = new Map(statuses.map((s) => [s.status, s.seconds]));
  return STATUSES.flatMap((status) => duration(seconds.get(status) ?? 0));
};
const day = (iso: string) => iso.slice(0, 10);

export function registerReportRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; reports: ReportService },
) {
  const { authenticator: auth, reports } = deps;

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
      ['employee id', 'employee', 'pseudonym', 'cuts', ...statusHeader],
      rows.map((row) => [
        row.employee.id,
        row.employee.label,
        row.employee.pseudonym,
        row.cuts,
        ...statusCells(row.statuses),
      ]),
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
      [
        'machine',
        'serial number',
        'location',
        'period start',
        'period end',
        'cuts',
        'knives used',
        ...durationHeader('period'),
        ...durationHeader('uptime'),
        ...durationHeader('average daily uptime'),
        ...statusHeader,
      ],
      rows.map((row) => [
        row.machine.name,
        row.machine.serialNumber,
        row.machine.locationName,
        query.startDate,
        query.endDate,
        row.cuts,
        row.knives,
        ...duration(row.periodSeconds),
        ...duration(row.uptimeSeconds),
        ...duration(row.averageDailyUptimeSeconds),
        ...statusCells(row.statuses),
      ]),
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
      [
        'rfid',
        'article number',
        'knife class',
        'cuts',
        'grinding cycles',
        'average cuts per cycle',
        'cuts since last grinding',
        'swap urgency',
      ],
      rows.map((row) => [
        row.rfid,
        row.articleNumber,
        row.knifeClassName,
        row.cuts,
        row.cycles,
        row.averageCutsPerCycle,
        row.cutsSinceLastGrinding,
        row.swapUrgency,
      ]),
      csvDialect(query.lang),
    );
  });

  registerRoute(app, auth, listCuttingJobsReport, ({ actor, query }) => reports.cuttingJobs(actor, query));
  registerRoute(app, auth, exportCuttingJobsReport, async ({ actor, query, reply }) => {
    const rows = await reports.cuttingJobRows(actor, query);
    return sendCsv(
      reply,
      `orders-${day(query.startDate)}-${day(query.endDate)}`,
      [
        'order',
        'order number',
        'program number',
        'state',
        'partial job of',
        'machine',
        'serial number',
        'start',
        'end',
        'cuts',
        ...durationHeader('duration'),
        ...durationHeader('processing time'),
        ...durationHeader('downtime'),
        ...durationHeader('support time'),
      ],
      rows.map((row) => [
        row.name,
        row.orderNumber,
        row.programNumber,
        row.state,
        row.parentJobId,
        row.machine.name,
        row.machine.serialNumber,
        row.startDate,
        row.endDate,
        row.cuts,
        ...duration(row.durationSeconds),
        ...duration(row.processingSeconds),
        ...duration(row.downtimeSeconds),
        ...duration(row.supportSeconds),
      ]),
      csvDialect(query.lang),
    );
  });
}
