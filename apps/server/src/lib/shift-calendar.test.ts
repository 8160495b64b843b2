import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CalendarDefinition,
  type CalendarShift,
  localDateOf,
  localInstant,
  plannedIntervals,
  plannedSeconds,
  shiftOccurrences,
  weekdayOf,
} from './shift-calendar';

/*
 * Planned production time from a shift calendar (issue 36), against figures worked out by hand.
 * Europe/Berlin changes its clocks on Sunday 2026-03-29 at 01:00 UTC (02:00 CET → 03:00 CEST) and
 * on Sunday 2026-10-25 at 01:00 UTC (03:00 CEST → 02:00 CET).
 */

const HOUR = 3600;
const BERLIN = 'Europe/Berlin';
const at = (instant: string) => new Date(instant);
const calendar = (
  shifts: CalendarShift[],
  holidays: string[] = [],
  timeZone = BERLIN,
): CalendarDefinition => ({ timeZone, shifts, holidays: holidays.map((date) => ({ date })) });
const shift = (
  weekday: number,
  start: string,
  end: string,
  breaks: CalendarShift['breaks'] = [],
  name = 'Shift',
): CalendarShift => ({ weekday, name, start, end, breaks });
/** Intervals as ISO pairs, to compare with hand-written instants. */
const spans = (intervals: { start: Date; end: Date }[]) =>
  intervals.map((interval) => [interval.start.toISOString(), interval.end.toISOString()]);

describe('local dates and wall times', () => {
  it('numbers weekdays from Monday and moves dates across months and years', () => {
    expect(weekdayOf('2026-03-29')).toBe(7);
    expect(weekdayOf('2026-03-30')).toBe(1);
    expect(weekdayOf('2026-10-24')).toBe(6);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads the local date of an instant in the zone', () => {
    expect(localDateOf(BERLIN, at('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(localDateOf(BERLIN, at('2026-03-28T22:59:00Z'))).toBe('2026-03-28');
    expect(localDateOf('UTC', at('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
  });

  it('reads ordinary wall times with the offset of the day', () => {
    expect(new Date(localInstant(BERLIN, '2026-01-15', 6 * 60)).toISOString()).toBe(
      '2026-01-15T05:00:00.000Z',
    );
    expect(new Date(localInstant(BERLIN, '2026-07-15', 6 * 60)).toISOString()).toBe(
      '2026-07-15T04:00:00.000Z',
    );
    // the last minute before and the first after the jump
    expect(new Date(localInstant(BERLIN, '2026-03-29', 119)).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(new Date(localInstant(BERLIN, '2026-03-29', 180)).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('reads a skipped wall time with the offset before the jump: 02:30 is 03:30 CEST', () => {
    expect(new Date(localInstant(BERLIN, '2026-03-29', 150)).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('reads a doubled wall time as its first occurrence: 02:30 CEST, not CET', () => {
    expect(new Date(localInstant(BERLIN, '2026-10-25', 150)).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // 03:00 exists once (CET, an hour after the first 02:00)
    expect(new Date(localInstant(BERLIN, '2026-10-25', 180)).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('a night shift 22:00–06:00 over a change of the clocks', () => {
  const night = calendar([shift(6, '22:00', '06:00', [], 'Night')]);

  it('lasts 7 hours in the night the clocks go forward (Saturday 2026-03-28 → Sunday)', () => {
    const [occurrence, ...rest] = shiftOccurrences(night, '2026-03-28', '2026-03-28');
    expect(rest).toEqual([]);
    expect(occurrence).toMatchObject({ date: '2026-03-28', weekday: 6, name: 'Night', shiftIndex: 0 });
    // 22:00 CET = 21:00 UTC; 06:00 CEST = 04:00 UTC
    expect(spans(occurrence!.intervals)).toEqual([['2026-03-28T21:00:00.000Z', '2026-03-29T04:00:00.000Z']]);
    expect(occurrence!.plannedSeconds).toBe(7 * HOUR);
  });

  it('lasts 9 hours in the night the clocks go back (Saturday 2026-10-24 → Sunday)', () => {
    const [occurrence] = shiftOccurrences(night, '2026-10-24', '2026-10-24');
    // 22:00 CEST = 20:00 UTC; 06:00 CET = 05:00 UTC
    expect(spans(occurrence!.intervals)).toEqual([['2026-10-24T20:00:00.000Z', '2026-10-25T05:00:00.000Z']]);
    expect(occurrence!.plannedSeconds).toBe(9 * HOUR);
  });

  it('lasts 8 hours in any other night', () => {
    expect(shiftOccurrences(night, '2026-03-21', '2026-03-21')[0]!.plannedSeconds).toBe(8 * HOUR);
    expect(shiftOccurrences(night, '2026-10-31', '2026-10-31')[0]!.plannedSeconds).toBe(8 * HOUR);
    expect(shiftOccurrences(night, '2026-07-04', '2026-07-04')[0]!.plannedSeconds).toBe(8 * HOUR);
  });

  it('cuts out a break at a skipped wall time as 30 minutes from 03:00 CEST', () => {
    const withBreak = calendar([shift(6, '22:00', '06:00', [{ start: '02:00', minutes: 30 }])]);
    const [occurrence] = shiftOccurrences(withBreak, '2026-03-28', '2026-03-28');
    expect(spans(occurrence!.intervals)).toEqual([
      ['2026-03-28T21:00:00.000Z', '2026-03-29T01:00:00.000Z'],
      ['2026-03-29T01:30:00.000Z', '2026-03-29T04:00:00.000Z'],
    ]);
    expect(occurrence!.plannedSeconds).toBe(6.5 * HOUR);
  });

  it('cuts out a break at a doubled wall time in its first occurrence', () => {
    const withBreak = calendar([shift(6, '22:00', '06:00', [{ start: '02:30', minutes: 30 }])]);
    const [occurrence] = shiftOccurrences(withBreak, '2026-10-24', '2026-10-24');
    expect(spans(occurrence!.intervals)).toEqual([
      ['2026-10-24T20:00:00.000Z', '2026-10-25T00:30:00.000Z'],
      ['2026-10-25T01:00:00.000Z', '2026-10-25T05:00:00.000Z'],
    ]);
    expect(occurrence!.plannedSeconds).toBe(8.5 * HOUR);
  });

  it('gives the local day of the change its share: 5 hours of the 23-hour day, 7 of the 25-hour one', () => {
    // Sunday 2026-03-29 runs from 2026-03-28T23:00Z to 2026-03-29T22:00Z; the shift is planned until 04:00Z
    const spring = { start: at('2026-03-28T23:00:00Z'), end: at('2026-03-29T22:00:00Z') };
    expect(spans(plannedIntervals(night, spring))).toEqual([
      ['2026-03-28T23:00:00.000Z', '2026-03-29T04:00:00.000Z'],
    ]);
    expect(plannedSeconds(night, spring)).toBe(5 * HOUR);
    // Sunday 2026-10-25 runs from 2026-10-24T22:00Z to 2026-10-25T23:00Z; the shift is planned until 05:00Z
    const autumn = { start: at('2026-10-24T22:00:00Z'), end: at('2026-10-25T23:00:00Z') };
    expect(plannedSeconds(night, autumn)).toBe(7 * HOUR);
    const [part] = plannedIntervals(night, autumn);
    expect(part).toMatchObject({ shiftDate: '2026-10-24', weekday: 6, shiftIndex: 0, shiftName: 'Night' });
  });
});

describe('day shifts', () => {
  it('last their 8 hours on the Sundays the clocks change', () => {
    const sunday = calendar([shift(7, '06:00', '14:00')]);
    const [spring] = shiftOccurrences(sunday, '2026-03-29', '2026-03-29');
    expect(spans(spring!.intervals)).toEqual([['2026-03-29T04:00:00.000Z', '2026-03-29T12:00:00.000Z']]);
    const [autumn] = shiftOccurrences(sunday, '2026-10-25', '2026-10-25');
    expect(spans(autumn!.intervals)).toEqual([['2026-10-25T05:00:00.000Z', '2026-10-25T13:00:00.000Z']]);
    expect([spring!.plannedSeconds, autumn!.plannedSeconds]).toEqual([8 * HOUR, 8 * HOUR]);
  });

  it('add up over a week of two shifts with their breaks: 5 × 2 × 7.5 hours', () => {
    const twoShifts = calendar(
      [1, 2, 3, 4, 5].flatMap((weekday) => [
        shift(weekday, '06:00', '14:00', [{ start: '10:00', minutes: 30 }], 'Early'),
        shift(weekday, '14:00', '22:00', [{ start: '18:00', minutes: 30 }], 'Late'),
      ]),
    );
    const week = shiftOccurrences(twoShifts, '2026-03-23', '2026-03-29');
    expect(week).toHaveLength(10);
    expect(week.map((occurrence) => occurrence.name).slice(0, 2)).toEqual(['Early', 'Late']);
    expect(week.reduce((sum, occurrence) => sum + occurrence.plannedSeconds, 0)).toBe(75 * HOUR);
    // Monday 2026-03-23, CET: 06:00–10:00 and 10:30–14:00
    expect(spans(week[0]!.intervals)).toEqual([
      ['2026-03-23T05:00:00.000Z', '2026-03-23T09:00:00.000Z'],
      ['2026-03-23T09:30:00.000Z', '2026-03-23T13:00:00.000Z'],
    ]);
  });

  it('are ordered by start across shifts listed in any order', () => {
    const mixed = calendar([shift(1, '14:00', '22:00', [], 'Late'), shift(1, '06:00', '14:00', [], 'Early')]);
    expect(shiftOccurrences(mixed, '2026-03-23', '2026-03-23').map((o) => [o.name, o.shiftIndex])).toEqual([
      ['Early', 1],
      ['Late', 0],
    ]);
  });
});

describe('holidays', () => {
  const pattern = calendar(
    [1, 2, 3, 4, 5].flatMap((weekday) => [
      shift(weekday, '06:00', '14:00', [{ start: '10:00', minutes: 30 }]),
      shift(weekday, '22:00', '06:00', [], 'Night'),
    ]),
    ['2026-12-24', '2026-12-25', '2026-12-26'],
  );

  it('start no shift: Christmas week plans Monday to Wednesday only', () => {
    const week = shiftOccurrences(pattern, '2026-12-21', '2026-12-27');
    expect([...new Set(week.map((occurrence) => occurrence.date))]).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
    ]);
    expect(week.reduce((sum, occurrence) => sum + occurrence.plannedSeconds, 0)).toBe(3 * (7.5 + 8) * HOUR);
  });

  it('let the night shift that began the evening before run into the holiday', () => {
    const christmasEve = { start: at('2026-12-23T23:00:00Z'), end: at('2026-12-24T23:00:00Z') };
    const intervals = plannedIntervals(pattern, christmasEve);
    expect(spans(intervals)).toEqual([['2026-12-23T23:00:00.000Z', '2026-12-24T05:00:00.000Z']]);
    expect(intervals[0]).toMatchObject({ shiftDate: '2026-12-23', shiftName: 'Night' });
  });
});

describe('planned intervals in a range', () => {
  const weekend = calendar([
    shift(7, '22:00', '06:00', [], 'Sunday night'),
    shift(1, '06:00', '14:00', [], 'Early'),
  ]);

  it('take the part of a shift begun the day before, and of one running past the end', () => {
    // Monday 2026-03-30 from 03:00 to 07:00 local (CEST): the Sunday night shift's last 3 hours, the early one's first
    const range = { start: at('2026-03-30T01:00:00Z'), end: at('2026-03-30T05:00:00Z') };
    expect(
      plannedIntervals(weekend, range).map((i) => [
        i.shiftName,
        i.shiftDate,
        i.start.toISOString(),
        i.end.toISOString(),
      ]),
    ).toEqual([
      ['Sunday night', '2026-03-29', '2026-03-30T01:00:00.000Z', '2026-03-30T04:00:00.000Z'],
      ['Early', '2026-03-30', '2026-03-30T04:00:00.000Z', '2026-03-30T05:00:00.000Z'],
    ]);
    expect(plannedSeconds(weekend, range)).toBe(4 * HOUR);
  });

  it('are empty for an empty or reversed range', () => {
    const instant = at('2026-03-30T05:00:00Z');
    expect(plannedIntervals(weekend, { start: instant, end: instant })).toEqual([]);
    expect(plannedIntervals(weekend, { start: instant, end: at('2026-03-30T04:00:00Z') })).toEqual([]);
  });

  it('are the same whatever the range of the instants, in another zone too', () => {
    const kolkata = calendar([shift(3, '22:00', '06:00')], [], 'Asia/Kolkata');
    // Wednesday 2026-03-25 22:00 IST (UTC+5:30) = 16:30 UTC, to 00:30 UTC
    const range = { start: at('2026-03-25T00:00:00Z'), end: at('2026-03-27T00:00:00Z') };
    expect(spans(plannedIntervals(kolkata, range))).toEqual([
      ['2026-03-25T16:30:00.000Z', '2026-03-26T00:30:00.000Z'],
    ]);
  });

  it('give no time to a shift from a skipped wall time to just after the jump', () => {
    // 02:30 does not exist on 2026-03-29 and counts as 03:30 CEST, after the 03:00 end
    const odd = calendar([shift(7, '02:30', '03:00')]);
    expect(shiftOccurrences(odd, '2026-03-29', '2026-03-29')).toEqual([]);
    expect(shiftOccurrences(odd, '2026-04-05', '2026-04-05')[0]!.plannedSeconds).toBe(0.5 * HOUR);
  });
});
