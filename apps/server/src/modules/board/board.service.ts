import { type Board, defaultTimeZoneOf, type MachineStatusView } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  addDays,
  type CalendarDefinition,
  localDateOf,
  type ShiftOccurrence,
  shiftOccurrences,
} from '../../lib/shift-calendar';
import { readShiftCalendars } from '../printing-shop/index';
import { cutsPerMachine, idealCutsPerHour } from '../report/index';
import { findBoardLocation, machineIdsAt } from './board.repository';

/** How far ahead the board looks for the next shift. */
const NEXT_SHIFT_DAYS = 8;

/** The shift running at `now` and the next one to begin, from a calendar. */
function shiftsAround(calendar: CalendarDefinition, now: Date) {
  const today = localDateOf(calendar.timeZone, now);
  // a shift lasts less than 25 hours: one running now began at most two local dates before today
  const occurrences = shiftOccurrences(calendar, addDays(today, -2), addDays(today, NEXT_SHIFT_DAYS));
  const at = now.getTime();
  const current = occurrences.find((o) => o.start.getTime() <= at && at < o.end.getTime()) ?? null;
  const next = occurrences.find((o) => o.start.getTime() > at) ?? null;
  return { current, next };
}

/** The planned seconds of a shift before `now`: its intervals (breaks cut out) up to now. */
function plannedSecondsUntil(shift: ShiftOccurrence, now: Date): number {
  const at = now.getTime();
  const ms = shift.intervals.reduce(
    (sum, interval) => sum + Math.max(0, Math.min(interval.end.getTime(), at) - interval.start.getTime()),
    0,
  );
  return Math.floor(ms / 1000);
}

/**
 * The cuts planned for the shift so far: planned seconds elapsed × ideal cuts per hour ÷ 3600,
 * rounded down (a plan is met by whole cuts); null without an ideal rate.
 */
function plannedCutsOf(plannedSecondsElapsed: number, cutsPerHour: number | null): number | null {
  if (cutsPerHour === null) return null;
  return Math.floor((plannedSecondsElapsed * cutsPerHour) / 3600);
}

/**
 * The shop-floor board of one location (issue 36 item 3): each machine's view as every screen shows
 * it, and its cuts this shift against the plan from the location's shift calendar and the machine's
 * ideal cut rate (the report module's, as OEE measures performance against it).
 */
export function createBoardService(deps: {
  transactions: Transactions;
  /** the machine views (modules/machines), read in one query */
  readViews: (tenantId: string, machineIds: string[]) => Promise<MachineStatusView[]>;
}) {
  const { transactions } = deps;
  return {
    async read(actor: Actor): Promise<Board> {
      const board = actor.board;
      if (!board) throw new AppError('authentication.FORBIDDEN');
      const now = new Date();
      const read = await transactions.withTenant(actor.tenantId, async (tx) => {
        const location = await findBoardLocation(tx, board.locationId);
        // the location was deleted: its links went with it, so this is a race with the deletion
        if (!location) throw new AppError('authentication.UNAUTHENTICATED');
        const calendar = (await readShiftCalendars(tx, [location.id])).get(location.id) ?? null;
        const machineIds = await machineIdsAt(tx, location.id);
        const { current, next } = calendar ? shiftsAround(calendar, now) : { current: null, next: null };
        const shiftCuts = current ? await cutsPerMachine(tx, machineIds, current.start, now) : new Map();
        const rates = current ? await idealCutsPerHour(tx, machineIds, now) : new Map();
        return { location, calendar, machineIds, current, next, shiftCuts, rates };
      });
      const { location, calendar, current, next, shiftCuts, rates } = read;
      const views = await deps.readViews(actor.tenantId, read.machineIds);
      const elapsed = current ? plannedSecondsUntil(current, now) : 0;
      const tiles = views
        .sort(
          (a, b) =>
            a.name.localeCompare(b.name, 'en', { numeric: true }) || a.machineId.localeCompare(b.machineId),
        )
        .map((view) => {
          const rate = rates.get(view.machineId) ?? { cutsPerHour: null, source: 'NONE' as const };
          return {
            view,
            shiftCuts: current ? (shiftCuts.get(view.machineId) ?? 0) : null,
            plannedCuts: current ? plannedCutsOf(elapsed, rate.cutsPerHour) : null,
            idealCutsPerHour: rate.cutsPerHour,
            idealCutsPerHourSource: rate.source,
          };
        });
      return {
        location: { id: location.id, name: location.name },
        timeZone: calendar?.timeZone ?? defaultTimeZoneOf(location.country),
        now: now.toISOString(),
        hasCalendar: calendar !== null,
        shift: current
          ? {
              name: current.name,
              start: current.start.toISOString(),
              end: current.end.toISOString(),
              plannedSecondsElapsed: elapsed,
              plannedSeconds: current.plannedSeconds,
            }
          : null,
        nextShift: next ? { name: next.name, start: next.start.toISOString() } : null,
        tiles,
      };
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
