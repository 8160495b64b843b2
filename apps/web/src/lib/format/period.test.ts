import { describe, expect, it } from 'vitest';
import { formatDuration, formatTime } from './format';
import {
  formatBucket,
  formatPeriod,
  lastHoursPeriod,
  localDateOf,
  localHourMarks,
  periodOfLocalDates,
  startOfLocalDate,
} from './period';

describe('report periods in the browser time zone', () => {
  it('the default is the last 24 hours up to now', () => {
    expect(lastHoursPeriod(24, '2026-11-21T09:30:00.000Z')).toEqual({
      startDate: '2026-11-20T09:30:00.000Z',
      endDate: '2026-11-21T09:30:00.000Z',
    });
  });

  it('a local day starts at local midnight, also in zones east of UTC+12 and west of UTC', () => {
    expect(startOfLocalDate('2026-11-21', 'Europe/Berlin').toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(startOfLocalDate('2026-07-01', 'Europe/Berlin').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfLocalDate('2026-11-21', 'America/New_York').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(startOfLocalDate('2026-11-21', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-11-20T10:00:00.000Z',
    );
    expect(startOfLocalDate('2026-11-21', 'Asia/Kolkata').toISOString()).toBe('2026-11-20T18:30:00.000Z');
  });

  it('picked days cover whole local days, the last one included; DST days have 23 or 25 hours', () => {
    const spring = periodOfLocalDates('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(spring).toEqual({ startDate: '2026-03-28T23:00:00.000Z', endDate: '2026-03-29T22:00:00.000Z' });
    expect((Date.parse(spring.endDate) - Date.parse(spring.startDate)) / 3_600_000).toBe(23);
    const autumn = periodOfLocalDates('2026-10-25', '2026-10-25', 'Europe/Berlin');
    expect((Date.parse(autumn.endDate) - Date.parse(autumn.startDate)) / 3_600_000).toBe(25);
    // a range picked backwards is the same range; month ends roll over
    expect(periodOfLocalDates('2026-12-31', '2026-12-01', 'UTC')).toEqual({
      startDate: '2026-12-01T00:00:00.000Z',
      endDate: '2027-01-01T00:00:00.000Z',
    });
  });

  it('knows the local day of an instant', () => {
    expect(localDateOf('2026-11-20T23:30:00Z', 'Europe/Berlin')).toBe('2026-11-21');
    expect(localDateOf('2026-11-20T23:30:00Z', 'UTC')).toBe('2026-11-20');
  });
});

describe('report labels', () => {
  it('durations DD:HH:MM and times hh:mm (product.md §9)', () => {
    expect(formatDuration(2 * 86400 + 3 * 3600 + 4 * 60 + 59)).toBe('02:03:04');
    expect(formatTime('2026-11-21T13:05:00Z', 'Europe/Berlin')).toBe('14:05');
  });

  it('buckets: the hour for hourly buckets, day and month in the locale for daily ones', () => {
    expect(formatBucket('2026-11-21T13:00:00Z', 'HOUR', 'de', 'Europe/Berlin')).toBe('14:00');
    expect(formatBucket('2026-11-20T23:00:00Z', 'DAY', 'de', 'Europe/Berlin')).toBe('21. Nov.');
    expect(formatBucket('2026-11-20T23:00:00Z', 'DAY', 'en', 'Europe/Berlin')).toBe('Nov 21');
  });

  it('a period reads as two dates with times in the locale', () => {
    expect(
      formatPeriod(
        { startDate: '2026-11-20T08:00:00Z', endDate: '2026-11-21T08:00:00Z' },
        'de',
        'Europe/Berlin',
      ),
    ).toBe('20.11.2026 09:00 – 21.11.2026 09:00');
  });

  it('axis marks fall on full local hours, with their place on the span', () => {
    const marks = localHourMarks('2026-11-21T08:30:00Z', '2026-11-21T14:30:00Z', 2, 'Europe/Berlin');
    expect(marks.map((m) => m.label)).toEqual(['10:00', '12:00', '14:00']);
    expect(marks[0]?.position).toBeCloseTo(0.5 / 6);
    // a half-hour zone gets its own full hours
    expect(
      localHourMarks('2026-11-21T00:00:00Z', '2026-11-21T03:00:00Z', 1, 'Asia/Kolkata').map((m) => m.label),
    ).toEqual(['06:00', '07:00', '08:00']);
    expect(localHourMarks('2026-11-21T03:00:00Z', '2026-11-21T03:00:00Z', 1, 'UTC')).toEqual([]);
  });
});
