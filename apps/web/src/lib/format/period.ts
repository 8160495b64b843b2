/**
 * Report periods in the browser's time zone (product.md §7 "General", §9): the last 24 hours, or whole
 * local days picked in a date range picker, sent to the server as instants; chart buckets and axis
 * marks labelled in local time.
 */
import { browserTimeZone, formatDate, formatTime } from './format';

/** A report period: `startDate` ≤ t < `endDate`, as ISO instants. */
export interface Period {
  startDate: string;
  endDate: string;
}

type DateInput = Date | string | number;
const ms = (value: DateInput) => (value instanceof Date ? value.getTime() : new Date(value).getTime());

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a local calendar day ("2026-03-29") begins in a time zone. */
export function startOfLocalDate(date: string, timeZone = browserTimeZone()): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const wallMidnight = Date.UTC(year, month - 1, day);
  // The offset at midnight may differ from a first guess's (a DST change that day): correct once.
  const guess = wallMidnight - zoneOffsetMs(timeZone, wallMidnight);
  return new Date(wallMidnight - zoneOffsetMs(timeZone, guess));
}

/** The calendar day after "YYYY-MM-DD". */
function nextDate(date: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The local calendar day ("2026-03-29") an instant falls on in a time zone. */
export function localDateOf(value: DateInput, timeZone = browserTimeZone()): string {
  const at = ms(value);
  return new Date(at + zoneOffsetMs(timeZone, at)).toISOString().slice(0, 10);
}

/** The last `hours` hours up to `now` (the reports' default: 24). */
export function lastHoursPeriod(hours: number, now: DateInput = Date.now()): Period {
  const end = ms(now);
  return {
    startDate: new Date(end - hours * 3_600_000).toISOString(),
    endDate: new Date(end).toISOString(),
  };
}

/**
 * Whole local days from `from` to `to` (both included), as a date range picker gives them: from
 * local midnight of the first day to local midnight after the last, so a day with a DST change
 * has 23 or 25 hours.
 */
export function periodOfLocalDates(from: string, to: string, timeZone = browserTimeZone()): Period {
  const [first, last] = from <= to ? [from, to] : [to, from];
  return {
    startDate: startOfLocalDate(first, timeZone).toISOString(),
    endDate: startOfLocalDate(nextDate(last), timeZone).toISOString(),
  };
}

/** "21 Nov 2026, 08:00 – 22 Nov 2026, 08:00" in the user's locale and zone. */
export function formatPeriod(period: Period, locale: string, timeZone = browserTimeZone()): string {
  const end = (value: string) => `${formatDate(value, locale, timeZone)} ${formatTime(value, timeZone)}`;
  return `${end(period.startDate)} – ${end(period.endDate)}`;
}

/** A chart bucket's label: its hour ("14:00") or, for daily buckets, day and month in the locale. */
export function formatBucket(
  start: DateInput,
  size: 'HOUR' | 'DAY',
  locale: string,
  timeZone = browserTimeZone(),
): string {
  if (size === 'HOUR') return formatTime(start, timeZone);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone }).format(ms(start));
}

/**
 * The full local hours between two instants that are multiples of `stepHours` (00:00, 06:00, …),
 * each with its place on the span (0 at `from`, 1 at `to`) and its hh:mm label: axis marks of a
 * timeline.
 */
export function localHourMarks(
  from: DateInput,
  to: DateInput,
  stepHours: number,
  timeZone = browserTimeZone(),
): { at: number; position: number; label: string }[] {
  const start = ms(from);
  const end = ms(to);
  if (!(end > start)) return [];
  const marks: { at: number; position: number; label: string }[] = [];
  // walk the UTC hours (every zone's full hours fall on them, bar half-hour zones, handled below)
  for (let at = Math.ceil(start / 900_000) * 900_000; at <= end; at += 900_000) {
    const local = new Date(at + zoneOffsetMs(timeZone, at));
    if (local.getUTCMinutes() !== 0 || local.getUTCHours() % stepHours !== 0) continue;
    marks.push({ at, position: (at - start) / (end - start), label: formatTime(at, timeZone) });
  }
  return marks;
}
