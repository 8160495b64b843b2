import {
  type CuttingJobsReportQuerySchema,
  HOURLY_BUCKETS_UP_TO_HOURS,
  MACHINE_STATUSES,
  type ReportRangeQuerySchema,
  type ReportStatus,
  type UptimeLast24hQuerySchema,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type reportEmployee, visibleLocationIds } from '../printing-shop/index';
import { checkTimeZone, type MachineRow, machinesAt } from './report.repository';
import { localDays, localHours } from './report-time';

/*
 * What the report sections (employees, machines, knives, orders) share: the period and its scope of
 * machines and locations, opened in one tenant transaction, and the small sums and shapes of the
 * answers. No SQL here: the statements are in report.repository.ts.
 */

export type RangeQuery = z.output<typeof ReportRangeQuerySchema>;
export type Last24hQuery = z.output<typeof UptimeLast24hQuerySchema>;
export type JobsQuery = z.output<typeof CuttingJobsReportQuerySchema>;
export type Employee = ReturnType<typeof reportEmployee>;
export type StatusSeconds = { status: ReportStatus; seconds: number }[];

export const HOUR = 3600_000;
const STATUS_ORDER: ReportStatus[] = [...MACHINE_STATUSES, 'NO_DATA'];
export const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** Seconds per status, in the catalogue's order, statuses with 0 seconds left out. */
export function statusList(totals: Map<string, number>): StatusSeconds {
  return STATUS_ORDER.filter((status) => Math.round(totals.get(status) ?? 0) > 0).map((status) => ({
    status,
    seconds: Math.round(totals.get(status) ?? 0),
  }));
}

export const add = <K>(map: Map<K, number>, key: K, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

export function reportMachine(machine: MachineRow) {
  return {
    id: machine.id,
    name: machine.name,
    serialNumber: machine.serialNumber,
    locationId: machine.locationId,
    locationName: machine.locationName,
  };
}

/** The period of a report, its end clipped to now for times (nothing has happened after now). */
export interface Period {
  start: Date;
  end: Date;
  /** min(end, now): where times stop */
  until: Date;
  timeZone: string;
}

export interface ReportScope extends Period {
  tx: Tx;
  machines: MachineRow[];
  machineIds: string[];
  locationIds: string[];
  search?: string;
}

/** Time zones PostgreSQL was found to know (Node's ICU and PostgreSQL's tzdata may differ). */
const knownZones = new Set<string>(['UTC']);

async function requireTimeZone(transactions: Transactions, actor: Actor, timeZone: string) {
  if (knownZones.has(timeZone)) return;
  try {
    await transactions.withTenant(actor.tenantId, (tx) => checkTimeZone(tx, timeZone));
    knownZones.add(timeZone);
  } catch {
    throw AppError.fields([{ field: 'timeZone', in: 'query', code: 'INVALID_VALUE' }]);
  }
}

/**
 * Opens the tenant transaction with the machines of the report: at the requested locations the
 * user may see (`locations`, default all of them), narrowed to `machineIds` and — for the
 * machines section — by `machineSearch`.
 */
export function scopeRunner(transactions: Transactions) {
  return async function inScope<T>(
    actor: Actor,
    query: {
      startDate: string;
      endDate: string;
      timeZone: string;
      locations?: string[];
      machineIds?: string[];
    },
    options: { machineSearch?: string; search?: string },
    fn: (scope: ReportScope) => Promise<T>,
  ): Promise<T> {
    await requireTimeZone(transactions, actor, query.timeZone);
    const start = new Date(query.startDate);
    const end = new Date(query.endDate);
    const until = new Date(Math.max(start.getTime(), Math.min(end.getTime(), Date.now())));
    return transactions.withTenant(actor.tenantId, async (tx) => {
      const locationIds = await visibleLocationIds(tx, actor, query.locations);
      const machines = await machinesAt(tx, {
        locationIds,
        since: start,
        machineIds: query.machineIds,
        search: options.machineSearch,
      });
      return fn({
        tx,
        start,
        end,
        until,
        timeZone: query.timeZone,
        machines,
        machineIds: machines.map((m) => m.id),
        locationIds,
        search: options.search,
      });
    });
  };
}

export function bucketSizeOf(period: Period): 'HOUR' | 'DAY' {
  return period.end.getTime() - period.start.getTime() <= HOURLY_BUCKETS_UP_TO_HOURS * HOUR ? 'HOUR' : 'DAY';
}

export function bucketStarts(period: Period, size: 'HOUR' | 'DAY'): number[] {
  const start = period.start.getTime();
  const end = period.end.getTime();
  return size === 'HOUR'
    ? localHours(period.timeZone, start, end)
    : localDays(period.timeZone, start, end).map((day) => day.start);
}
