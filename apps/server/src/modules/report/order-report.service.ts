import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { iso } from '../../lib/dates';
import { jobsOverlapping } from './report.repository';
import { type JobsQuery, type ReportScope, reportMachine, scopeRunner, seconds } from './report-scope';

async function jobs(
  scope: ReportScope,
  nameFilter: string | undefined,
  page?: { page: number; size: number },
) {
  const { rows, total } = await jobsOverlapping(scope.tx, {
    machineIds: scope.machineIds,
    start: scope.start,
    end: scope.end,
    nameFilter,
    ...(page ? { limit: page.size, offset: page.page * page.size } : {}),
  });
  const machines = new Map(scope.machines.map((m) => [m.id, m]));
  const now = Date.now();
  const items = rows.map((row) => {
    const started = new Date(row.startedAt).getTime();
    const ended = row.endedAt ? new Date(row.endedAt).getTime() : null;
    return {
      id: row.id,
      name: row.name,
      orderNumber: row.orderNumber,
      programNumber: row.programNumber,
      state: row.state as 'OPEN' | 'CLOSED' | 'CANCELLED',
      parentJobId: row.parentJobId,
      machine: reportMachine(machines.get(row.machineId)!),
      startDate: iso(started),
      endDate: ended === null ? null : iso(ended),
      durationSeconds: seconds((ended ?? now) - started),
      cuts: Math.round(row.cuts),
      processingSeconds: Math.round(row.processingSeconds),
      downtimeSeconds: Math.round(row.downtimeSeconds),
      supportSeconds: Math.round(row.supportSeconds),
    };
  });
  return { items, total };
}

/** The orders section (product.md §7 "Report server"): the cutting jobs overlapping the period. */
export function createOrderReportService(deps: { transactions: Transactions }) {
  const inScope = scopeRunner(deps.transactions);
  return {
    cuttingJobs: (actor: Actor, query: JobsQuery) =>
      inScope(actor, query, {}, async (scope) => {
        const { items, total } = await jobs(scope, query.cuttingJobNameFilter, {
          page: query.page,
          size: query.page_size,
        });
        return { items, total, page: query.page, pageSize: query.page_size };
      }),
    cuttingJobRows: (actor: Actor, query: Omit<JobsQuery, 'page' | 'page_size'>) =>
      inScope(actor, query, {}, async (scope) => (await jobs(scope, query.cuttingJobNameFilter)).items),
  };
}
