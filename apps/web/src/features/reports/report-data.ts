import type { ReportStatus, StatusSeconds } from '@kerf/contracts';
import { STATUS_GROUPS, type StatusGroup, statusGroupOf } from '../../components/status';

/**
 * Report answers shaped for the charts and tables: statuses into the status groups of docs/design.md,
 * interruptions by reason for the Pareto, employee series summed to one bar per hour.
 */

/** The group a report status belongs to; `NO_DATA` (machine off or offline) counts as offline. */
export function reportStatusGroup(status: ReportStatus): StatusGroup {
  return status === 'NO_DATA' ? 'offline' : statusGroupOf(status);
}

/** Seconds per status group, every group present (0 where none). */
export function secondsByGroup(statuses: StatusSeconds): Record<StatusGroup, number> {
  const result = Object.fromEntries(STATUS_GROUPS.map((group) => [group, 0])) as Record<StatusGroup, number>;
  for (const { status, seconds } of statuses) result[reportStatusGroup(status)] += seconds;
  return result;
}

/** Several machines' or employees' statuses added up per status. */
export function addStatusSeconds(lists: readonly StatusSeconds[]): StatusSeconds {
  const totals = new Map<ReportStatus, number>();
  for (const list of lists)
    for (const { status, seconds } of list) totals.set(status, (totals.get(status) ?? 0) + seconds);
  return [...totals].map(([status, seconds]) => ({ status, seconds }));
}

const INTERRUPTION_REASONS = [
  'INTERRUPTION_PRINTING_MATERIAL_FAULTY',
  'INTERRUPTION_PRINTING_MATERIAL_MISPRINT',
  'INTERRUPTION_PRINTING_MATERIAL_MISSING',
  'INTERRUPTION_PRINTING_WASTE_DISPOSAL',
] as const;
export type InterruptionReason = (typeof INTERRUPTION_REASONS)[number];

/**
 * The interruption analysis as a Pareto (docs/design.md): the four interruption reasons by downtime,
 * largest first, with the running share of all downtime; reasons without downtime stay out.
 */
export function interruptionPareto(
  statuses: StatusSeconds,
): { reason: InterruptionReason; seconds: number; cumulativeShare: number }[] {
  const seconds = new Map<InterruptionReason, number>();
  for (const { status, seconds: s } of statuses) {
    if ((INTERRUPTION_REASONS as readonly string[]).includes(status))
      seconds.set(status as InterruptionReason, (seconds.get(status as InterruptionReason) ?? 0) + s);
  }
  const sorted = [...seconds]
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const total = sorted.reduce((sum, [, s]) => sum + s, 0);
  let running = 0;
  return sorted.map(([reason, s]) => {
    running += s;
    return { reason, seconds: s, cumulativeShare: total > 0 ? running / total : 0 };
  });
}

/** The share of a period spent producing (RUNNING), 0–1. */
export function producingShare(statuses: StatusSeconds): number {
  const groups = secondsByGroup(statuses);
  const total = Object.values(groups).reduce((sum, s) => sum + s, 0);
  return total > 0 ? groups.producing / total : 0;
}

/** Per-employee series of bucketed cuts added up to one series (all employees' cuts per hour or day). */
export function addSeries(
  series: readonly { buckets: readonly { start: string; cuts: number }[] }[],
): { start: string; cuts: number }[] {
  const totals = new Map<number, { start: string; cuts: number }>();
  for (const { buckets } of series) {
    for (const bucket of buckets) {
      const key = Date.parse(bucket.start);
      const entry = totals.get(key);
      if (entry) entry.cuts += bucket.cuts;
      else totals.set(key, { start: bucket.start, cuts: bucket.cuts });
    }
  }
  return [...totals].sort((a, b) => a[0] - b[0]).map(([, bucket]) => bucket);
}

/** A timeline's total seconds per status group (the text beside the uptime timeline). */
export function segmentSecondsByGroup(
  segments: readonly { status: ReportStatus; from: string; to: string }[],
): Record<StatusGroup, number> {
  return secondsByGroup(
    segments.map((segment) => ({
      status: segment.status,
      seconds: Math.max(0, Math.round((Date.parse(segment.to) - Date.parse(segment.from)) / 1000)),
    })),
  );
}
