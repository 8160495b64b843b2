import {
  defaultTimeZoneOf,
  minutesOfDay,
  type PlannedProductionTime,
  type PlannedTimeQuerySchema,
  type Shift,
  type ShiftCalendar,
  type ShiftCalendarInputSchema,
  shiftWallMinutes,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { iso } from '../../lib/dates';
import {
  addDays,
  type CalendarDefinition,
  localDateOf,
  shiftOccurrences,
  weekdayOf,
} from '../../lib/shift-calendar';
import { listMachines } from '../machines/index';
import { lockLocation } from './locations.repository';
import { requireLocation } from './shared';
import {
  clearShiftCalendar,
  findShiftCalendar,
  insertShiftCalendarEntries,
  upsertShiftCalendar,
} from './shift-calendar.repository';

type CalendarInput = z.output<typeof ShiftCalendarInputSchema>;
type PlannedTimeQuery = z.output<typeof PlannedTimeQuerySchema>;

/** The zone as the runtime spells it (`europe/berlin` → `Europe/Berlin`); the schema has checked it exists. */
function canonicalTimeZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}

const byWallClock = (a: Shift, b: Shift) =>
  a.weekday - b.weekday || (minutesOfDay(a.start) ?? 0) - (minutesOfDay(b.start) ?? 0);

/** Shifts by weekday and start, each shift's breaks in the order they come in it; holidays by date. */
function orderedCalendar(input: CalendarInput): { shifts: Shift[]; holidays: CalendarInput['holidays'] } {
  const shifts = input.shifts
    .map((shift) => {
      const start = minutesOfDay(shift.start) ?? 0;
      const breaks = [...shift.breaks].sort(
        (a, b) =>
          shiftWallMinutes(start, minutesOfDay(a.start) ?? 0) -
          shiftWallMinutes(start, minutesOfDay(b.start) ?? 0),
      );
      return { ...shift, breaks };
    })
    .sort(byWallClock);
  const holidays = [...input.holidays].sort((a, b) => a.date.localeCompare(b.date));
  return { shifts, holidays };
}

/**
 * The calendar of a location as the expansion reads it (lib/shift-calendar.ts): the stored one, or
 * — never saved — the zone of the location's country without shifts. Throws PRINTING_SHOP_NOT_FOUND
 * for a location the tenant does not have.
 */
async function locationCalendar(tx: Tx, locationId: string): Promise<ShiftCalendar> {
  const location = await requireLocation(tx, locationId);
  const stored = await findShiftCalendar(tx, locationId);
  return {
    printingShopId: location.id,
    timeZone: stored?.timeZone ?? defaultTimeZoneOf(location.country),
    shifts: stored?.shifts ?? [],
    holidays: stored?.holidays ?? [],
    updatedAt: stored ? iso(stored.updatedAt) : null,
  };
}

/** The local dates of a planned-time answer: as asked, or the current week where the location is. */
function dateRange(query: PlannedTimeQuery, timeZone: string, now: Date): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: addDays(query.from, 6) };
  if (query.to) return { from: addDays(query.to, -6), to: query.to };
  const today = localDateOf(timeZone, now);
  const monday = addDays(today, 1 - weekdayOf(today));
  return { from: monday, to: addDays(monday, 6) };
}

/** The planned shifts of each day from `from` to `to`, by date (a night shift counts on the day it begins). */
function plannedDays(calendar: CalendarDefinition, from: string, to: string) {
  const days = new Map<
    string,
    { plannedSeconds: number; shifts: PlannedProductionTime['machines'][0]['days'][0]['shifts'] }
  >();
  for (let date = from; date <= to; date = addDays(date, 1))
    days.set(date, { plannedSeconds: 0, shifts: [] });
  for (const occurrence of shiftOccurrences(calendar, from, to)) {
    const day = days.get(occurrence.date);
    if (!day) continue;
    day.plannedSeconds += occurrence.plannedSeconds;
    day.shifts.push({
      name: occurrence.name,
      start: iso(occurrence.start),
      end: iso(occurrence.end),
      plannedSeconds: occurrence.plannedSeconds,
    });
  }
  return days;
}

/**
 * The shift calendar of a printing shop's locations (issue 36): read by whoever may read the
 * location, replaced as a whole by the admin, and planned production time per machine and day.
 */
export function createShiftCalendarService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  return {
    get: (actor: Actor, locationId: string) => inTenant(actor, (tx) => locationCalendar(tx, locationId)),

    /**
     * One transaction: the location's row lock first (a concurrent replacement or a delete of the
     * location waits for it), then the calendar row, then its shifts, breaks and holidays all
     * replaced. Two replacements at once so leave one of them whole, never a mix.
     */
    replace: (actor: Actor, locationId: string, input: CalendarInput) =>
      inTenant(actor, async (tx) => {
        if (!(await lockLocation(tx, locationId)))
          throw new AppError('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
        const timeZone = canonicalTimeZone(input.timeZone);
        const { shifts, holidays } = orderedCalendar(input);
        await upsertShiftCalendar(tx, actor.tenantId, locationId, { timeZone, updatedBy: actor.userId });
        await clearShiftCalendar(tx, locationId);
        await insertShiftCalendarEntries(tx, actor.tenantId, locationId, { shifts, holidays });
        await audit(tx, actor, 'location.shift-calendar.replaced', 'location', locationId, {
          timeZone,
          shifts: shifts.length,
          holidays: holidays.length,
        });
        return locationCalendar(tx, locationId);
      }),

    /** Every machine of the location with the location's calendar, per local day of the range. */
    plannedTime: (actor: Actor, locationId: string, query: PlannedTimeQuery) =>
      inTenant(actor, async (tx): Promise<PlannedProductionTime> => {
        const calendar = await locationCalendar(tx, locationId);
        const { from, to } = dateRange(query, calendar.timeZone, new Date());
        const days = plannedDays(calendar, from, to);
        const holidays = new Map(calendar.holidays.map((holiday) => [holiday.date, holiday.name]));
        const machines = await listMachines(tx, { locationId });
        const totalSeconds = [...days.values()].reduce((sum, day) => sum + day.plannedSeconds, 0);
        return {
          printingShopId: calendar.printingShopId,
          timeZone: calendar.timeZone,
          from,
          to,
          days: [...days.keys()].map((date) => ({
            date,
            weekday: weekdayOf(date),
            holiday: holidays.get(date) ?? null,
          })),
          machines: machines.map((machine) => ({
            machineId: machine.id,
            name: machine.name,
            serialNumber: machine.serialNumber,
            days: [...days.entries()].map(([date, day]) => ({ date, ...day })),
            totalSeconds,
          })),
        };
      }),
  };
}

export type ShiftCalendarService = ReturnType<typeof createShiftCalendarService>;
