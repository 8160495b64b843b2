import {
  exportCuttingJobsReport,
  exportEmployeeReport,
  exportKnifeReport,
  exportMachineReport,
  exportOeeReport,
  getEmployeeCutsChart,
  getEmployeeCutsPerHourChart,
  getEmployeeTimesChart,
  getEmployeeTotalTimes,
  getIdealCutRate,
  getKnifeCutsTotal,
  getKnifeCycles,
  getMachineAverageUptime,
  getMachineTotalUptime,
  getMachineUptimeLast24h,
  getMachineUsedKnivesCount,
  getOeeReport,
  getReportReadSource,
  listCuttingJobsReport,
  putIdealCutRate,
} from '@kerf/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ReadSource } from '../../db/client';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { sendCsv } from '../../lib/csv';
import {
  type CsvColumn,
  csvCells,
  csvHeader,
  exportFileName,
  exportTexts,
  tenantSlug,
} from '../../lib/csv-export';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { IdealCutRateService } from './ideal-cut-rate';
import type { ReportService } from './report.service';
import { employeeCsv, knifeCsv, machineCsv, oeeCsv, orderCsv, type ReportCsvContext } from './report-csv';

/**
 * The report server's endpoints (product.md §7 "Report server"), mounted at /api/report.
 *
 * CSV exports: one row per machine / employee / knife / order in the dialect of the user's language
 * (`lang`; docs/exports.md): separators, headers, labels and local times follow it, the columns and
 * their order do not; enums also as codes, timestamps also as ISO 8601 with the offset of `timeZone`;
 * every duration twice, as whole seconds and as DD:HH:MM text (product.md §9).
 */

export function registerReportRoutes(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    reports: ReportService;
    idealCutRates: IdealCutRateService;
    readSource: ReadSource;
    transactions: Transactions;
  },
) {
  const { authenticator: auth, reports, readSource } = deps;

  registerRoute(app, auth, getReportReadSource, async () => ({
    source: readSource.kind,
    lagSeconds: await readSource.lagSeconds(),
    checkedAt: new Date().toISOString(),
  }));

  /** A section download, named `<section>-<tenant>-<first day>--<last day>.csv`. */
  async function sendSection<R>(
    reply: FastifyReply,
    actor: Actor,
    what: string,
    query: {
      startDate: string;
      endDate: string;
      timeZone: string;
      lang?: ReportCsvContext['texts']['language'];
    },
    columnsOf: (context: ReportCsvContext) => CsvColumn<R>[],
    rows: R[],
  ) {
    const texts = exportTexts(query.lang);
    const columns = columnsOf({ texts, timeZone: query.timeZone, period: query });
    const tenant = await deps.transactions.withTenant(actor.tenantId, (tx) => tenantSlug(tx, actor.tenantId));
    // the period's end is exclusive: the file names its last day
    const lastDay = new Date(Date.parse(query.endDate) - 1);
    const name = exportFileName({
      what,
      tenant,
      from: query.startDate,
      to: lastDay,
      timeZone: query.timeZone,
    });
    return sendCsv(
      reply,
      name,
      csvHeader(columns),
      rows.map((row) => csvCells(columns, row)),
      texts.dialect,
    );
  }

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
    return sendSection(
      reply,
      actor,
      'employees',
      query,
      employeeCsv,
      await reports.employeeRows(actor, query),
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
    return sendSection(
      reply,
      actor,
      'cutting-machines',
      query,
      machineCsv,
      await reports.machineRows(actor, query),
    );
  });

  registerRoute(app, auth, getKnifeCutsTotal, ({ actor, query }) => reports.knifeCutsTotal(actor, query));
  registerRoute(app, auth, getKnifeCycles, ({ actor, query }) => reports.knifeCycles(actor, query));
  registerRoute(app, auth, exportKnifeReport, async ({ actor, query, reply }) => {
    return sendSection(reply, actor, 'knives', query, knifeCsv, await reports.knifeRows(actor, query));
  });

  registerRoute(app, auth, listCuttingJobsReport, ({ actor, query }) => reports.cuttingJobs(actor, query));
  registerRoute(app, auth, exportCuttingJobsReport, async ({ actor, query, reply }) => {
    return sendSection(reply, actor, 'orders', query, orderCsv, await reports.cuttingJobRows(actor, query));
  });

  // OEE (issue 36): the report, its CSV and the machines' ideal cut rates
  registerRoute(app, auth, getOeeReport, ({ actor, query }) => reports.oeeReport(actor, query));
  registerRoute(app, auth, exportOeeReport, async ({ actor, query, reply }) => {
    return sendSection(reply, actor, 'oee', query, oeeCsv, await reports.oeeRows(actor, query));
  });
  registerRoute(app, auth, getIdealCutRate, ({ actor, params }) => deps.idealCutRates.get(actor, params.id));
  registerRoute(app, auth, putIdealCutRate, ({ actor, params, body }) =>
    deps.idealCutRates.put(actor, params.id, body),
  );
}
