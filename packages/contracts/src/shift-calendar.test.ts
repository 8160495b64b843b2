import { describe, expect, it } from 'vitest';
import { fieldErrorFromIssue } from './errors';
import {
  calendarProblems,
  defaultTimeZoneOf,
  PlannedTimeQuerySchema,
  type ShiftCalendarInput,
  ShiftCalendarInputSchema,
} from './shift-calendar';

/** The field errors of a calendar as the server answers them and the editor shows them: `path: code`. */
function fieldErrors(input: unknown): string[] {
  const result = ShiftCalendarInputSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${fieldErrorFromIssue(issue).code}`);
}

const early = { weekday: 1, name: 'Early', start: '06:00', end: '14:00', breaks: [] };
const late = { weekday: 1, name: 'Late', start: '14:00', end: '22:00', breaks: [] };
const valid: ShiftCalendarInput = {
  timeZone: 'Europe/Berlin',
  shifts: [
    { ...early, breaks: [{ start: '10:00', minutes: 30 }] },
    late,
    // Monday night into Tuesday, with a break after midnight
    { weekday: 1, name: 'Night', start: '22:00', end: '06:00', breaks: [{ start: '02:00', minutes: 30 }] },
    { ...early, weekday: 2 },
  ],
  holidays: [
    { date: '2026-12-24', name: 'Heiligabend' },
    { date: '2026-12-25', name: '1. Weihnachtstag' },
  ],
};

describe('shift calendar rules (issue 36)', () => {
  it('accept two shifts back to back, a night shift running into the next morning, breaks inside', () => {
    expect(fieldErrors(valid)).toEqual([]);
    expect(calendarProblems(valid)).toEqual([]);
  });

  it('refuse a shift that ends when it starts', () => {
    expect(fieldErrors({ ...valid, shifts: [{ ...early, end: '06:00' }] })).toEqual([
      'shifts.0.end: END_EQUALS_START',
    ]);
  });

  it('refuse overlapping shifts on one day, on the later one', () => {
    expect(fieldErrors({ ...valid, shifts: [early, { ...late, start: '13:30' }] })).toEqual([
      'shifts.1.start: SHIFTS_OVERLAP',
    ]);
  });

  it('refuse a night shift that runs into the next day’s first shift, Sunday’s into Monday’s too', () => {
    const night = { weekday: 1, name: 'Night', start: '22:00', end: '06:30', breaks: [] };
    expect(fieldErrors({ ...valid, shifts: [night, { ...early, weekday: 2 }] })).toEqual([
      'shifts.1.start: SHIFTS_OVERLAP',
    ]);
    expect(fieldErrors({ ...valid, shifts: [early, { ...night, weekday: 7 }] })).toEqual([
      'shifts.1.start: SHIFTS_OVERLAP',
    ]);
    // ending exactly when the next one starts is no overlap
    expect(fieldErrors({ ...valid, shifts: [{ ...night, end: '06:00', weekday: 7 }, early] })).toEqual([]);
  });

  it('refuse a break outside its shift or running past its end, and breaks that overlap', () => {
    expect(
      fieldErrors({
        ...valid,
        shifts: [
          {
            ...early,
            breaks: [
              { start: '05:30', minutes: 15 },
              { start: '13:45', minutes: 30 },
              { start: '09:00', minutes: 30 },
              { start: '09:15', minutes: 15 },
            ],
          },
        ],
      }),
    ).toEqual([
      'shifts.0.breaks.0.start: BREAK_OUTSIDE_SHIFT',
      'shifts.0.breaks.1.start: BREAK_OUTSIDE_SHIFT',
      'shifts.0.breaks.3.start: BREAKS_OVERLAP',
    ]);
    // a break ending exactly at the shift's end is inside it
    expect(
      fieldErrors({ ...valid, shifts: [{ ...early, breaks: [{ start: '13:30', minutes: 30 }] }] }),
    ).toEqual([]);
  });

  it('refuse a holiday date given twice, on the second', () => {
    expect(
      fieldErrors({
        ...valid,
        holidays: [...valid.holidays, { date: '2026-12-24', name: 'Christmas Eve' }],
      }),
    ).toEqual(['holidays.2.date: DUPLICATE']);
  });

  it('refuse a time zone the runtime does not know, and an empty one as missing', () => {
    expect(fieldErrors({ ...valid, timeZone: 'Mars/Olympus_Mons' })).toEqual(['timeZone: UNKNOWN_TIME_ZONE']);
    expect(fieldErrors({ ...valid, timeZone: '' })[0]).toBe('timeZone: REQUIRED');
    expect(fieldErrors({ ...valid, timeZone: 'UTC' })).toEqual([]);
  });

  it('leave malformed times to their own field errors', () => {
    expect(
      fieldErrors({
        ...valid,
        shifts: [
          { ...early, start: '6:00' },
          { ...late, start: '25:00' },
        ],
      }),
    ).toEqual(['shifts.0.start: INVALID_FORMAT', 'shifts.1.start: INVALID_FORMAT']);
    expect(fieldErrors({ ...valid, shifts: [{ ...early, weekday: 8 }] })).toEqual([
      'shifts.0.weekday: TOO_BIG',
    ]);
  });

  it('start a calendar in the zone of the location’s country', () => {
    expect(defaultTimeZoneOf('DE')).toBe('Europe/Berlin');
    expect(defaultTimeZoneOf('AT')).toBe('Europe/Vienna');
    expect(defaultTimeZoneOf('NL')).toBe('Europe/Amsterdam');
    expect(defaultTimeZoneOf(null)).toBe('Europe/Berlin');
  });
});

describe('planned-time range', () => {
  const codes = (query: unknown) =>
    (PlannedTimeQuerySchema.safeParse(query).error?.issues ?? []).map(
      (issue) => `${issue.path.join('.')}: ${fieldErrorFromIssue(issue).code}`,
    );

  it('takes one day up to 92 days, both ends included', () => {
    expect(codes({})).toEqual([]);
    expect(codes({ from: '2026-03-29', to: '2026-03-29' })).toEqual([]);
    expect(codes({ from: '2026-01-01', to: '2026-04-02' })).toEqual([]);
    expect(codes({ from: '2026-01-01', to: '2026-04-03' })).toEqual(['to: TOO_BIG']);
    expect(codes({ from: '2026-03-29', to: '2026-03-28' })).toEqual(['to: TOO_SMALL']);
    expect(codes({ from: '2026-02-30' })).toEqual(['from: INVALID_FORMAT']);
  });
});

describe('calendarProblems on anything', () => {
  it('skips what is not a shift, a break or a holiday instead of throwing', () => {
    expect(
      calendarProblems({
        shifts: [null, 5, { weekday: 1, start: '06:00', end: '14:00', breaks: [null, 'x'] }] as never,
        holidays: [null, { date: 3 }] as never,
      }),
    ).toEqual([]);
    expect(calendarProblems({ shifts: 'x', holidays: {} } as never)).toEqual([]);
  });
});
