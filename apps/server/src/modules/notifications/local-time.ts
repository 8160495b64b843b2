import { zoneOffsetMs } from '@kerf/contracts';
import { isoDay } from '../../lib/dates';

/**
 * Local calendar arithmetic for the notification rules and the report e-mails: a "local" value is a
 * Date whose UTC fields are the wall clock in the zone.
 */
const DAY = 86_400_000;

/** The wall clock in `timeZone` at `at`, as a Date whose UTC fields read it. */
function localClock(timeZone: string, at: Date): Date {
  return new Date(at.getTime() + zoneOffsetMs(timeZone, at.getTime()));
}

/** 1 = Monday … 7 = Sunday of a local clock. */
function isoWeekday(local: Date): number {
  return ((local.getUTCDay() + 6) % 7) + 1;
}

/** `HH:MM` of a local clock. */
function timeOfDay(local: Date): string {
  return local.toISOString().slice(11, 16);
}

/** `YYYY-MM-DD` of a local clock. */
function localDay(local: Date): string {
  return isoDay(local);
}

/** The instant local midnight of the local day `day` (YYYY-MM-DD) began in `timeZone`. */
function midnightOf(timeZone: string, day: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const guess = wall - zoneOffsetMs(timeZone, wall);
  return new Date(wall - zoneOffsetMs(timeZone, guess));
}

/** `day` moved by `days` (YYYY-MM-DD, calendar days). */
export function addDays(day: string, days: number): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY);
}

/** Whether `at` lies in the shift: on one of `days` (1 = Monday), from `start` to `end` local time. */
export function inShift(
  settings: { timeZone: string; shiftDays: number[]; shiftStart: string; shiftEnd: string },
  at: Date,
): boolean {
  const local = localClock(settings.timeZone, at);
  const time = timeOfDay(local);
  return (
    settings.shiftDays.includes(isoWeekday(local)) && time >= settings.shiftStart && time < settings.shiftEnd
  );
}

/**
 * The latest report period whose e-mail is due at `now`: DAILY, the previous local day once it is
 * `hour`:00 (before that, the day before); WEEKLY, the previous Monday–Sunday once it is Monday
 * `hour`:00. Days are local to `timeZone`; `end` is exclusive.
 */
export function duePeriod(
  frequency: 'DAILY' | 'WEEKLY',
  timeZone: string,
  now: Date,
  hour: number,
): { firstDay: string; start: Date; end: Date } {
  const local = localClock(timeZone, now);
  const today = localDay(local);
  const beforeHour = local.getUTCHours() < hour;
  let endDay: string;
  if (frequency === 'DAILY') {
    endDay = beforeHour ? addDays(today, -1) : today;
  } else {
    endDay = addDays(today, -(isoWeekday(local) - 1));
    if (isoWeekday(local) === 1 && beforeHour) endDay = addDays(endDay, -7);
  }
  const firstDay = addDays(endDay, frequency === 'DAILY' ? -1 : -7);
  return { firstDay, start: midnightOf(timeZone, firstDay), end: midnightOf(timeZone, endDay) };
}
