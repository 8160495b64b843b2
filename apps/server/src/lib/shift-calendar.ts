import { minutesOfDay, zoneOffsetMs } from '@kerf/contracts';
import { isoDay } from './dates';

/*
 * Planned production time from a location's shift calendar (issue 36): the weekly pattern turned
 * into instants in the location's time zone, breaks cut out, holidays left out. Pure; the
 * printing-shop module answers planned time per machine and day with it, and availability
 * (run time ÷ planned time per machine, location, shift and day) builds on the same intervals.
 *
 * Wall-clock rules, as the calendar's editor and its validation (contracts `calendarProblems`) read
 * a calendar:
 * - A shift belongs to the local date it begins on; one whose end is at or before its start ends the
 *   next day. Its length is the elapsed time between the two instants, so a 22:00–06:00 shift lasts
 *   7 hours in the night the clocks go forward and 9 in the night they go back.
 * - A wall time the clocks skip (02:30 when they jump from 02:00 to 03:00) is read with the offset
 *   before the jump, i.e. as 03:30; a wall time they pass twice (02:30 when they fall back from 03:00
 *   to 02:00) is its first occurrence. (Temporal's "compatible" disambiguation.)
 * - A break begins at its wall time (after midnight in a night shift: the next day's) and lasts its
 *   minutes of elapsed time; only the part inside its shift is cut out.
 * - No shift begins on a holiday; a night shift that began the evening before still runs into it.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;

interface CalendarBreak {
  start: string;
  minutes: number;
}

export interface CalendarShift {
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
  name: string;
  /** HH:MM, wall clock */
  start: string;
  end: string;
  breaks: readonly CalendarBreak[];
}

export interface CalendarDefinition {
  /** IANA time zone the wall times are read in */
  timeZone: string;
  shifts: readonly CalendarShift[];
  holidays: readonly { date: string }[];
}

/** A stretch of planned production: `start` ≤ t < `end`. */
interface Interval {
  start: Date;
  end: Date;
}

/** One shift on one local date, as instants. */
export interface ShiftOccurrence {
  /** the local date the shift begins on (YYYY-MM-DD) */
  date: string;
  weekday: number;
  /** the shift's position in `calendar.shifts` */
  shiftIndex: number;
  name: string;
  start: Date;
  end: Date;
  /** the shift without its breaks, in order */
  intervals: Interval[];
  /** the length of `intervals`, in seconds */
  plannedSeconds: number;
}

/** A planned interval with the shift it belongs to. */
export interface PlannedInterval extends Interval {
  shiftDate: string;
  weekday: number;
  shiftIndex: number;
  shiftName: string;
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return isoDay(Date.parse(`${date}T00:00:00Z`) + days * DAY);
}

/** 1 = Monday … 7 = Sunday of a date (YYYY-MM-DD). */
export function weekdayOf(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateOf(timeZone: string, at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return isoDay(ms + zoneOffsetMs(timeZone, ms));
}

/**
 * The instant the wall clock of `timeZone` shows `minutes` after midnight of `date`: a skipped wall
 * time counts with the offset before the jump, a doubled one is its first occurrence.
 */
export function localInstant(timeZone: string, date: string, minutes: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
  // the offsets a day before and after: a wall time is read with one of them (one change at most between)
  const before = wall - zoneOffsetMs(timeZone, wall - DAY);
  const after = wall - zoneOffsetMs(timeZone, wall + DAY);
  const matching = [before, after].filter((at) => at + zoneOffsetMs(timeZone, at) === wall);
  return matching.length > 0 ? Math.min(...matching) : before;
}

/** `piece` without [cutStart, cutEnd). */
function cutOut(piece: { start: number; end: number }, cutStart: number, cutEnd: number) {
  if (cutEnd <= piece.start || cutStart >= piece.end) return [piece];
  const left = cutStart > piece.start ? [{ start: piece.start, end: cutStart }] : [];
  const right = cutEnd < piece.end ? [{ start: cutEnd, end: piece.end }] : [];
  return [...left, ...right];
}

function occurrenceOf(
  timeZone: string,
  shift: CalendarShift,
  shiftIndex: number,
  date: string,
): ShiftOccurrence | null {
  const from = minutesOfDay(shift.start);
  const to = minutesOfDay(shift.end);
  if (from === null || to === null || from === to) return null;
  const start = localInstant(timeZone, date, from);
  const end = localInstant(timeZone, to > from ? date : addDays(date, 1), to);
  // from a skipped wall time to one just after the jump (02:30–03:00 that night: 03:30 → 03:00) is no time
  if (end <= start) return null;
  let pieces = [{ start, end }];
  for (const pause of shift.breaks) {
    const at = minutesOfDay(pause.start);
    if (at === null) continue;
    const breakStart = localInstant(timeZone, at >= from ? date : addDays(date, 1), at);
    pieces = pieces.flatMap((piece) => cutOut(piece, breakStart, breakStart + pause.minutes * MINUTE));
  }
  const plannedMs = pieces.reduce((sum, piece) => sum + piece.end - piece.start, 0);
  return {
    date,
    weekday: shift.weekday,
    shiftIndex,
    name: shift.name,
    start: new Date(start),
    end: new Date(end),
    intervals: pieces.map((piece) => ({ start: new Date(piece.start), end: new Date(piece.end) })),
    plannedSeconds: Math.round(plannedMs / 1000),
  };
}

/**
 * Every shift that begins on a local date from `firstDate` to `lastDate` (both included, YYYY-MM-DD),
 * holidays left out, with its planned intervals; ordered by start.
 */
export function shiftOccurrences(
  calendar: CalendarDefinition,
  firstDate: string,
  lastDate: string,
): ShiftOccurrence[] {
  const holidays = new Set(calendar.holidays.map((holiday) => holiday.date));
  const occurrences: ShiftOccurrence[] = [];
  for (let date = firstDate; date <= lastDate; date = addDays(date, 1)) {
    if (holidays.has(date)) continue;
    const weekday = weekdayOf(date);
    for (const [index, shift] of calendar.shifts.entries()) {
      if (shift.weekday !== weekday) continue;
      const occurrence = occurrenceOf(calendar.timeZone, shift, index, date);
      if (occurrence) occurrences.push(occurrence);
    }
  }
  return occurrences.sort((a, b) => a.start.getTime() - b.start.getTime() || a.shiftIndex - b.shiftIndex);
}

/**
 * The planned production intervals inside [`start`, `end`), each with its shift: shifts that began
 * before `start` (a night shift from the evening before) count with their part inside the range, and
 * so do those running past `end`. Ordered by start; empty when `end` is not after `start`.
 */
export function plannedIntervals(
  calendar: CalendarDefinition,
  range: { start: Date; end: Date },
): PlannedInterval[] {
  const from = range.start.getTime();
  const to = range.end.getTime();
  if (to <= from) return [];
  // A shift lasts less than 25 hours, so one that reaches into the range began at most two local dates before it.
  const firstDate = addDays(localDateOf(calendar.timeZone, from), -2);
  const lastDate = localDateOf(calendar.timeZone, to);
  const planned: PlannedInterval[] = [];
  for (const occurrence of shiftOccurrences(calendar, firstDate, lastDate)) {
    for (const interval of occurrence.intervals) {
      const start = Math.max(interval.start.getTime(), from);
      const end = Math.min(interval.end.getTime(), to);
      if (end <= start) continue;
      planned.push({
        start: new Date(start),
        end: new Date(end),
        shiftDate: occurrence.date,
        weekday: occurrence.weekday,
        shiftIndex: occurrence.shiftIndex,
        shiftName: occurrence.name,
      });
    }
  }
  return planned.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The seconds of planned production inside [`start`, `end`). */
export function plannedSeconds(calendar: CalendarDefinition, range: { start: Date; end: Date }): number {
  const ms = plannedIntervals(calendar, range).reduce(
    (sum, interval) => sum + interval.end.getTime() - interval.start.getTime(),
    0,
  );
  return Math.round(ms / 1000);
}
