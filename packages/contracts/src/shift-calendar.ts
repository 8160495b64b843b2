import { z } from 'zod';
import { IdParamsSchema, isTimeZone } from './common';
import type { FieldErrorCode } from './errors';
import type { COUNTRIES } from './printing-shop';
import { defineRoute } from './route';
import { identifier, text } from './text';

// ---------------------------------------------------------------------------------------------
// The shift calendar of a location (issue 36): the weekly shift pattern with its planned breaks,
// the holidays and the location's IANA time zone. It says when production is planned, the base of
// planned production time per machine and day (and of availability = run time ÷ planned time).
// Times are the location's wall clock; the server turns them into instants in its time zone, so a
// night shift over a change of the clocks lasts an hour less or more (apps/server/src/lib/shift-calendar.ts).

/** Days of the week as ISO 8601 numbers them: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MAX_CALENDAR_SHIFTS = 50;
export const MAX_SHIFT_BREAKS = 6;
export const MAX_CALENDAR_HOLIDAYS = 500;
export const SHIFT_NAME_MAX = 40;
export const HOLIDAY_NAME_MAX = 80;
export const BREAK_MINUTES_MAX = 240;
/** Longest range of days one planned-production-time answer covers. */
export const MAX_PLANNED_TIME_DAYS = 92;

/** `HH:MM`, 00:00 to 23:59: a wall-clock time of the location. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const TimeOfDaySchema = identifier(
  z.string().regex(TIME_OF_DAY_PATTERN).meta({ description: 'local wall-clock time HH:MM (00:00–23:59)' }),
);
const WeekdaySchema = z.number().int().min(1).max(7).meta({ description: '1 = Monday … 7 = Sunday' });

/** The time zone a location's calendar starts with: the one of its country. */
export const COUNTRY_TIME_ZONES = {
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  NL: 'Europe/Amsterdam',
  GB: 'Europe/London',
} as const satisfies Record<(typeof COUNTRIES)[number], string>;
/** The zone of a location without a country. */
export const DEFAULT_CALENDAR_TIME_ZONE = 'Europe/Berlin';

export function defaultTimeZoneOf(country: string | null | undefined): string {
  return (COUNTRY_TIME_ZONES as Record<string, string>)[country ?? ''] ?? DEFAULT_CALENDAR_TIME_ZONE;
}

/** An IANA time zone the server knows; anything else is `UNKNOWN_TIME_ZONE` (empty: `REQUIRED`). */
const CalendarTimeZoneSchema = identifier(
  z.string().min(1).max(64).refine(isTimeZone, { message: 'UNKNOWN_TIME_ZONE' }),
);

/** Minutes since midnight of a valid `HH:MM`; null for anything else. */
export function minutesOfDay(value: unknown): number | null {
  if (typeof value !== 'string' || !TIME_OF_DAY_PATTERN.test(value)) return null;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

/** How long a shift from `start` to `end` lasts on the wall clock; one ending at or before its start ends the next day. */
export function shiftWallMinutes(start: number, end: number): number {
  return (end - start + 1440) % 1440;
}

export const ShiftBreakSchema = z
  .strictObject({
    /** when the break begins, wall clock; in a night shift after midnight it is the next day's */
    start: TimeOfDaySchema,
    /** how long it lasts, in minutes of elapsed time */
    minutes: z.number().int().min(1).max(BREAK_MINUTES_MAX),
  })
  .meta({ id: 'ShiftBreak' });
export type ShiftBreak = z.infer<typeof ShiftBreakSchema>;

export const ShiftInputSchema = z
  .strictObject({
    weekday: WeekdaySchema,
    /** Early, Late, Night … */
    name: text({ min: 1, max: SHIFT_NAME_MAX }),
    start: TimeOfDaySchema,
    /** at or before `start`: the shift ends the next day (a night shift) */
    end: TimeOfDaySchema,
    breaks: z.array(ShiftBreakSchema).max(MAX_SHIFT_BREAKS).default([]),
  })
  .meta({ id: 'ShiftRequest' });

export const HolidayInputSchema = z
  .strictObject({
    /** the local date on which no shift starts */
    date: z.iso.date(),
    name: text({ min: 1, max: HOLIDAY_NAME_MAX }),
  })
  .meta({ id: 'HolidayRequest' });

interface CalendarShape {
  shifts?: readonly { weekday?: unknown; start?: unknown; end?: unknown; breaks?: readonly unknown[] }[];
  holidays?: readonly { date?: unknown }[];
}

export interface CalendarProblem {
  path: (string | number)[];
  code: FieldErrorCode;
}

const WEEK_MINUTES = 7 * 1440;

/** Whether [a, a + la) and [b, b + lb) overlap on the circle of a week (Sunday night runs into Monday). */
function overlapsInWeek(a: number, la: number, b: number, lb: number): boolean {
  return [-WEEK_MINUTES, 0, WEEK_MINUTES].some((shift) => a < b + shift + lb && b + shift < a + la);
}

/**
 * The rules of a shift calendar that span fields, each as the field it is about and its code: a
 * shift that ends when it starts (`END_EQUALS_START` on its end), a shift overlapping an earlier one
 * of the weekly pattern — a Monday night shift runs into Tuesday, Sunday's into Monday —
 * (`SHIFTS_OVERLAP` on the later one's start), a break not wholly inside its shift
 * (`BREAK_OUTSIDE_SHIFT`) or overlapping another of its shift (`BREAKS_OVERLAP`) on the break's start, a
 * holiday date given twice (`DUPLICATE` on the second). Times are compared on the wall clock; values
 * that are malformed are left to their own field errors. The server and the editor apply the same rules.
 */
export function calendarProblems(calendar: CalendarShape): CalendarProblem[] {
  const problems: CalendarProblem[] = [];
  const spans: { start: number; length: number }[] = [];
  const shifts = Array.isArray(calendar.shifts) ? calendar.shifts : [];
  for (const [index, shift] of shifts.entries()) {
    if (typeof shift !== 'object' || shift === null) continue;
    const start = minutesOfDay(shift.start);
    const end = minutesOfDay(shift.end);
    const weekday = typeof shift.weekday === 'number' && WEEKDAYS.includes(shift.weekday as Weekday);
    if (start === null || end === null) continue;
    if (start === end) {
      problems.push({ path: ['shifts', index, 'end'], code: 'END_EQUALS_START' });
      continue;
    }
    const length = shiftWallMinutes(start, end);
    if (weekday) {
      const weekStart = ((shift.weekday as number) - 1) * 1440 + start;
      if (spans.some((other) => overlapsInWeek(other.start, other.length, weekStart, length)))
        problems.push({ path: ['shifts', index, 'start'], code: 'SHIFTS_OVERLAP' });
      spans.push({ start: weekStart, length });
    }
    const breaks: { start: number; minutes: number }[] = [];
    for (const [breakIndex, item] of (Array.isArray(shift.breaks) ? shift.breaks : []).entries()) {
      if (typeof item !== 'object' || item === null) continue;
      const pause = item as { start?: unknown; minutes?: unknown };
      const breakStart = minutesOfDay(pause.start);
      const minutes = pause.minutes;
      if (breakStart === null || typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1)
        continue;
      const path = ['shifts', index, 'breaks', breakIndex, 'start'];
      const offset = shiftWallMinutes(start, breakStart);
      if (offset + minutes > length) {
        problems.push({ path, code: 'BREAK_OUTSIDE_SHIFT' });
        continue;
      }
      if (breaks.some((other) => offset < other.start + other.minutes && other.start < offset + minutes))
        problems.push({ path, code: 'BREAKS_OVERLAP' });
      breaks.push({ start: offset, minutes });
    }
  }
  const dates = new Set<string>();
  for (const [index, holiday] of (Array.isArray(calendar.holidays) ? calendar.holidays : []).entries()) {
    if (typeof holiday !== 'object' || holiday === null || typeof holiday.date !== 'string') continue;
    if (dates.has(holiday.date)) problems.push({ path: ['holidays', index, 'date'], code: 'DUPLICATE' });
    dates.add(holiday.date);
  }
  return problems;
}

export const ShiftCalendarInputSchema = z
  .strictObject({
    /** IANA time zone of the location, e.g. Europe/Berlin */
    timeZone: CalendarTimeZoneSchema,
    shifts: z.array(ShiftInputSchema).max(MAX_CALENDAR_SHIFTS),
    holidays: z.array(HolidayInputSchema).max(MAX_CALENDAR_HOLIDAYS),
  })
  .superRefine((value, ctx) => {
    for (const problem of calendarProblems(value))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.code });
  })
  .meta({ id: 'ShiftCalendarRequest' });
export type ShiftCalendarInput = z.input<typeof ShiftCalendarInputSchema>;

export const ShiftSchema = z
  .object({
    weekday: z.number().int(),
    name: z.string(),
    start: z.string(),
    end: z.string(),
    breaks: z.array(z.object({ start: z.string(), minutes: z.number().int() })),
  })
  .meta({ id: 'Shift' });
export type Shift = z.infer<typeof ShiftSchema>;

export const HolidaySchema = z.object({ date: z.iso.date(), name: z.string() }).meta({ id: 'Holiday' });
export type Holiday = z.infer<typeof HolidaySchema>;

export const ShiftCalendarSchema = z
  .object({
    printingShopId: z.uuid(),
    timeZone: z.string(),
    /** by weekday, then start */
    shifts: z.array(ShiftSchema),
    /** by date */
    holidays: z.array(HolidaySchema),
    /** null: never saved (the location's country's zone, no shifts) */
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ShiftCalendar' });
export type ShiftCalendar = z.infer<typeof ShiftCalendarSchema>;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Local dates of the location, both included. Without `from` and `to`, the current week (Monday to
 * Sunday) where the location is; with one of them, the week from (or up to) it. `to` before `from`
 * is `TOO_SMALL`, more than `MAX_PLANNED_TIME_DAYS` days `TOO_BIG`, both on `to`.
 */
export const PlannedTimeQuerySchema = z
  .strictObject({ from: z.iso.date().optional(), to: z.iso.date().optional() })
  .superRefine((value, ctx) => {
    const { from, to } = value;
    if (!from || !to || !DATE_PATTERN.test(from) || !DATE_PATTERN.test(to)) return;
    const days = dayNumber(to) - dayNumber(from) + 1;
    if (!Number.isFinite(days)) return;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'TOO_SMALL', input: to });
    else if (days > MAX_PLANNED_TIME_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'TOO_BIG', input: to });
  });

export const PlannedShiftSchema = z
  .object({
    name: z.string(),
    /** when the shift begins and ends, as instants */
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    /** the shift's time without its breaks, in seconds */
    plannedSeconds: z.number().int(),
  })
  .meta({ id: 'PlannedShift' });

export const PlannedMachineDaySchema = z
  .object({
    date: z.iso.date(),
    /** the planned time of the shifts that begin this day (a night shift counts on the day it begins) */
    plannedSeconds: z.number().int(),
    shifts: z.array(PlannedShiftSchema),
  })
  .meta({ id: 'PlannedMachineDay' });

export const PlannedProductionTimeSchema = z
  .object({
    printingShopId: z.uuid(),
    timeZone: z.string(),
    from: z.iso.date(),
    to: z.iso.date(),
    days: z.array(
      z.object({
        date: z.iso.date(),
        weekday: z.number().int(),
        /** the holiday's name; no shift begins that day */
        holiday: z.string().nullable(),
      }),
    ),
    /** the location's machines, each with the location's calendar */
    machines: z.array(
      z.object({
        machineId: z.uuid(),
        name: z.string(),
        serialNumber: z.string(),
        days: z.array(PlannedMachineDaySchema),
        totalSeconds: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PlannedProductionTime' });
export type PlannedProductionTime = z.infer<typeof PlannedProductionTimeSchema>;

// ---------------------------------------------------------------------------------------------
// Routes (additions under /api/printing-shop, next to a location's options)

const WHY_CALENDAR =
  'Issue 36: planned production time per machine and day (the base of availability and OEE) needs each location’s shifts, breaks, holidays and time zone; product.md §7 has no shift calendar.';
const CALENDAR_ERRORS = ['service.printing-shops.PRINTING_SHOP_NOT_FOUND'] as const;

export const getShiftCalendar = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/printing-shops/:id/shift-calendar',
  summary: 'The shift calendar of a location: time zone, weekly shifts with breaks, holidays',
  specAddition: WHY_CALENDAR,
  access: 'locations:read',
  params: IdParamsSchema,
  responses: { 200: ShiftCalendarSchema },
  errors: CALENDAR_ERRORS,
});

export const replaceShiftCalendar = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/printing-shops/:id/shift-calendar',
  summary: 'Replace the shift calendar of a location as a whole (one transaction)',
  specAddition: WHY_CALENDAR,
  access: 'locations:manage',
  params: IdParamsSchema,
  body: ShiftCalendarInputSchema,
  responses: { 200: ShiftCalendarSchema },
  errors: CALENDAR_ERRORS,
});

export const getPlannedProductionTime = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/printing-shops/:id/planned-production-time',
  summary:
    'Planned production time per machine of a location and local day: its shifts without breaks, holidays left out',
  specAddition: WHY_CALENDAR,
  access: 'locations:read',
  params: IdParamsSchema,
  query: PlannedTimeQuerySchema,
  responses: { 200: PlannedProductionTimeSchema },
  errors: CALENDAR_ERRORS,
});
