import { startOfDayIn, zoneOffsetMs } from '@kerf/contracts';

/** Local hours and days of a report period, in the browser's IANA time zone (product.md §7 "General"). */

const HOUR = 3600_000;

/** The instant the local hour containing `at` began (minutes and seconds of the local clock taken off). */
function startOfLocalHour(timeZone: string, at: number): number {
  const local = at + zoneOffsetMs(timeZone, at);
  return at - (((local % HOUR) + HOUR) % HOUR);
}

/** Starts of the local hours that overlap [start, end). */
export function localHours(timeZone: string, start: number, end: number): number[] {
  const hours: number[] = [];
  for (let t = startOfLocalHour(timeZone, start); t < end; t += HOUR) hours.push(t);
  return hours;
}

/** Local days overlapping [start, end): their start and end instants (a DST day has 23 or 25 hours). */
export function localDays(timeZone: string, start: number, end: number): { start: number; end: number }[] {
  const days: { start: number; end: number }[] = [];
  let day = startOfDayIn(timeZone, new Date(start)).getTime();
  while (day < end) {
    // 36 hours after a local midnight always lies in the next local day (days have 23–25 hours).
    const next = startOfDayIn(timeZone, new Date(day + 36 * HOUR)).getTime();
    days.push({ start: day, end: next });
    day = next;
  }
  return days;
}

/**
 * How many local days [start, end) covers: every day counts with the share of it inside the range,
 * so a 24-hour range from 10:00 to 10:00 counts one day, and one whole DST day counts one day.
 */
export function dayCount(timeZone: string, start: number, end: number): number {
  let days = 0;
  for (const day of localDays(timeZone, start, end)) {
    const inside = Math.min(end, day.end) - Math.max(start, day.start);
    if (inside > 0) days += inside / (day.end - day.start);
  }
  return days;
}

/** A duration as DD:HH:MM (product.md §9), for the CSV exports. */
export function ddhhmm(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 1440))}:${pad(Math.floor((minutes % 1440) / 60))}:${pad(minutes % 60)}`;
}
