import { addDays, type CalendarDefinition, localDateOf, shiftOccurrences } from '../../lib/shift-calendar';

/*
 * The planned time of one location over a report's period, as the OEE statements read it
 * (oee.repository.ts). Pure: the shift calendar expanded (lib/shift-calendar.ts) into
 * - cells: the shift occurrences (a shift on the local date it begins) overlapping the period;
 *   every figure is summed per machine and cell, and the cells roll up into shifts and dates;
 * - pieces: the planned intervals (breaks and holidays left out), each in its cell, in time order;
 * - hour runs and raw pieces: how the cuts inside planned time are counted exactly from the hourly
 *   rollups. A UTC hour wholly inside one cell's planned time counts for that cell. An hour only
 *   partly planned (a break ending at 10:30, a shift change at 14:30, the period's edges, a zone with
 *   a half-hour offset) counts whole for its largest planned part's cell (its "target"), and the
 *   raw cuts of each other part of the hour are read: a planned part's are moved from the target to
 *   its own cell, an unplanned part's (the break, the time between shifts) are taken off the target.
 *   So raw cuts are read mostly where the machine stands (breaks), never a whole period's.
 */

const HOUR = 3_600_000;

interface OeeCell {
  /** the local date the shift begins on, in the location's zone */
  date: string;
  shiftIndex: number;
  shift: string;
  /** the occurrence's span, breaks included: orders closed inside it count for it */
  start: number;
  end: number;
}

interface Span {
  start: number;
  end: number;
}

export interface LocationPlan {
  cells: OeeCell[];
  /** planned intervals in time order, not overlapping; `cell` indexes `cells` */
  pieces: (Span & { cell: number })[];
  /** hour-aligned runs whose hourly rollups count for `cell` */
  hourRuns: (Span & { cell: number })[];
  /** parts of partly planned hours read from the raw cuts: added to `add` (-1: none), taken off `sub` */
  rawPieces: (Span & { add: number; sub: number })[];
}

/**
 * Plans already worked out, by calendar and range: a year's expansion reads the zone's offset a few
 * thousand times (Intl), tens of milliseconds, and the same report is asked for again and again (and
 * locations of a shop often share their calendar). Pure, so a plan never goes stale; at most
 * `PLAN_CACHE_SIZE` are kept, the least recently used leaving first. Plans are not to be changed.
 */
const PLAN_CACHE_SIZE = 64;
const plans = new Map<string, LocationPlan>();

/** The planned time of a calendar over [start, until). */
export function locationPlan(calendar: CalendarDefinition, range: { start: Date; end: Date }): LocationPlan {
  const key = `${range.start.getTime()}|${range.end.getTime()}|${JSON.stringify(calendar)}`;
  const known = plans.get(key);
  if (known) {
    plans.delete(key);
    plans.set(key, known);
    return known;
  }
  const plan = expand(calendar, range);
  plans.set(key, plan);
  if (plans.size > PLAN_CACHE_SIZE) plans.delete(plans.keys().next().value!);
  return plan;
}

function expand(calendar: CalendarDefinition, range: { start: Date; end: Date }): LocationPlan {
  const from = range.start.getTime();
  const to = range.end.getTime();
  if (to <= from) return { cells: [], pieces: [], hourRuns: [], rawPieces: [] };
  // The shift occurrences reaching into the range (a shift lasts less than 25 hours, so one began at
  // most two local dates before it) and their planned intervals clipped to it, as `plannedIntervals`
  // gives them, from one expansion.
  const cells: OeeCell[] = [];
  const clipped: (Span & { cell: number })[] = [];
  const occurrences = shiftOccurrences(
    calendar,
    addDays(localDateOf(calendar.timeZone, from), -2),
    localDateOf(calendar.timeZone, to),
  );
  for (const occurrence of occurrences) {
    if (occurrence.end.getTime() <= from || occurrence.start.getTime() >= to) continue;
    const cell = cells.length;
    cells.push({
      date: occurrence.date,
      shiftIndex: occurrence.shiftIndex,
      shift: occurrence.name,
      start: occurrence.start.getTime(),
      end: occurrence.end.getTime(),
    });
    for (const interval of occurrence.intervals) {
      const start = Math.max(interval.start.getTime(), from);
      const end = Math.min(interval.end.getTime(), to);
      if (end > start) clipped.push({ start, end, cell });
    }
  }
  clipped.sort((a, b) => a.start - b.start);
  const pieces: LocationPlan['pieces'] = [];
  for (const piece of clipped) {
    // a calendar's shifts never overlap (its validation); should two pieces still do, the later one yields
    const start = Math.max(piece.start, pieces.at(-1)?.end ?? -Infinity);
    if (piece.end > start) pieces.push({ start, end: piece.end, cell: piece.cell });
  }
  const { hourRuns, rawPieces } = hourParts(pieces);
  return { cells, pieces, hourRuns, rawPieces };
}

/** The hour runs and raw pieces of the planned pieces (see above). */
function hourParts(pieces: LocationPlan['pieces']) {
  const hours = new Map<number, LocationPlan['pieces']>();
  for (const piece of pieces) {
    for (let hour = Math.floor(piece.start / HOUR) * HOUR; hour < piece.end; hour += HOUR) {
      const parts = hours.get(hour) ?? [];
      parts.push({
        start: Math.max(piece.start, hour),
        end: Math.min(piece.end, hour + HOUR),
        cell: piece.cell,
      });
      hours.set(hour, parts);
    }
  }
  const hourRuns: LocationPlan['hourRuns'] = [];
  const rawPieces: LocationPlan['rawPieces'] = [];
  for (const [hour, parts] of [...hours].sort((a, b) => a[0] - b[0])) {
    let target = parts[0]!;
    for (const part of parts) if (part.end - part.start > target.end - target.start) target = part;
    const last = hourRuns.at(-1);
    if (last && last.end === hour && last.cell === target.cell) last.end = hour + HOUR;
    else hourRuns.push({ start: hour, end: hour + HOUR, cell: target.cell });
    let at = hour;
    for (const part of parts) {
      if (part.start > at) rawPieces.push({ start: at, end: part.start, add: -1, sub: target.cell });
      // a part of the target's own cell (the other side of a short break) counts with the target anyway
      if (part.cell !== target.cell)
        rawPieces.push({ start: part.start, end: part.end, add: part.cell, sub: target.cell });
      at = part.end;
    }
    if (at < hour + HOUR) rawPieces.push({ start: at, end: hour + HOUR, add: -1, sub: target.cell });
  }
  return { hourRuns, rawPieces };
}
