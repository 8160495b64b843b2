import { describe, expect, it } from 'vitest';
import type { CalendarDefinition } from '../../lib/shift-calendar';
import { locationPlan } from './oee-plan';

/**
 * The plan OEE reads (oee-plan.ts): cells, planned pieces, and which hourly rollups and raw cuts
 * count for which cell, so that cuts inside planned time are exact however the shifts lie in the hour.
 */
const at = (iso: string) => Date.parse(iso);
const span = (from: string, to: string) => ({ start: at(from), end: at(to) });

describe('locationPlan', () => {
  it('a break ending on the half hour: the hour counts for the shift less the raw cuts of the break', () => {
    const calendar: CalendarDefinition = {
      timeZone: 'UTC',
      shifts: [
        { weekday: 1, name: 'Früh', start: '06:00', end: '14:00', breaks: [{ start: '10:00', minutes: 30 }] },
      ],
      holidays: [],
    };
    const plan = locationPlan(calendar, {
      start: new Date('2026-10-19T00:00:00Z'),
      end: new Date('2026-10-20T00:00:00Z'),
    });
    expect(plan.cells).toEqual([
      {
        date: '2026-10-19',
        shiftIndex: 0,
        shift: 'Früh',
        ...span('2026-10-19T06:00:00Z', '2026-10-19T14:00:00Z'),
      },
    ]);
    expect(plan.pieces).toEqual([
      { ...span('2026-10-19T06:00:00Z', '2026-10-19T10:00:00Z'), cell: 0 },
      { ...span('2026-10-19T10:30:00Z', '2026-10-19T14:00:00Z'), cell: 0 },
    ]);
    // 06–10 whole, 10–11 partly (its target: the shift), 11–14 whole: one run
    expect(plan.hourRuns).toEqual([{ ...span('2026-10-19T06:00:00Z', '2026-10-19T14:00:00Z'), cell: 0 }]);
    expect(plan.rawPieces).toEqual([
      { ...span('2026-10-19T10:00:00Z', '2026-10-19T10:30:00Z'), add: -1, sub: 0 },
    ]);
  });

  it('a shift change on the half hour: the larger part keeps the hour, the smaller one is read raw', () => {
    const calendar: CalendarDefinition = {
      timeZone: 'UTC',
      shifts: [
        { weekday: 1, name: 'Früh', start: '06:00', end: '14:20', breaks: [] },
        { weekday: 1, name: 'Spät', start: '14:20', end: '22:00', breaks: [{ start: '18:10', minutes: 20 }] },
      ],
      holidays: [],
    };
    const plan = locationPlan(calendar, {
      start: new Date('2026-10-19T12:00:00Z'),
      end: new Date('2026-10-19T20:00:00Z'),
    });
    expect(plan.cells.map((cell) => cell.shift)).toEqual(['Früh', 'Spät']);
    expect(plan.hourRuns).toEqual([
      { ...span('2026-10-19T12:00:00Z', '2026-10-19T14:00:00Z'), cell: 0 },
      { ...span('2026-10-19T14:00:00Z', '2026-10-19T20:00:00Z'), cell: 1 },
    ]);
    expect(plan.rawPieces).toEqual([
      // 14:00–14:20 is Früh's: moved from Spät (the hour's larger part) to Früh
      { ...span('2026-10-19T14:00:00Z', '2026-10-19T14:20:00Z'), add: 0, sub: 1 },
      // Spät's break 18:10–18:30: taken off Spät
      { ...span('2026-10-19T18:10:00Z', '2026-10-19T18:30:00Z'), add: -1, sub: 1 },
    ]);
  });

  it('a zone with a half-hour offset: every boundary is inside an hour; the range clips the pieces', () => {
    const calendar: CalendarDefinition = {
      timeZone: 'Asia/Kolkata',
      shifts: [{ weekday: 1, name: 'Day', start: '09:00', end: '17:00', breaks: [] }],
      holidays: [],
    };
    // 09:00–17:00 IST is 03:30–11:30 UTC; the range ends at 10:45 UTC
    const plan = locationPlan(calendar, {
      start: new Date('2026-10-19T00:00:00Z'),
      end: new Date('2026-10-19T10:45:00Z'),
    });
    expect(plan.pieces).toEqual([{ ...span('2026-10-19T03:30:00Z', '2026-10-19T10:45:00Z'), cell: 0 }]);
    expect(plan.hourRuns).toEqual([{ ...span('2026-10-19T03:00:00Z', '2026-10-19T11:00:00Z'), cell: 0 }]);
    expect(plan.rawPieces).toEqual([
      { ...span('2026-10-19T03:00:00Z', '2026-10-19T03:30:00Z'), add: -1, sub: 0 },
      { ...span('2026-10-19T10:45:00Z', '2026-10-19T11:00:00Z'), add: -1, sub: 0 },
    ]);
  });

  it('a holiday and a night shift over the change of the clocks', () => {
    const calendar: CalendarDefinition = {
      timeZone: 'Europe/Berlin',
      shifts: [{ weekday: 6, name: 'Nacht', start: '22:00', end: '06:00', breaks: [] }],
      holidays: [{ date: '2026-10-31' }],
    };
    const plan = locationPlan(calendar, {
      start: new Date('2026-10-19T00:00:00Z'),
      end: new Date('2026-11-02T00:00:00Z'),
    });
    // Saturday 24th: 9 hours (CEST → CET); Saturday 31st is a holiday
    expect(plan.cells.map((cell) => [cell.date, (cell.end - cell.start) / 3_600_000])).toEqual([
      ['2026-10-24', 9],
    ]);
    expect(plan.rawPieces).toEqual([]);
    expect(
      locationPlan(calendar, {
        start: new Date('2026-10-25T00:00:00Z'),
        end: new Date('2026-10-25T00:00:00Z'),
      }),
    ).toEqual({
      cells: [],
      pieces: [],
      hourRuns: [],
      rawPieces: [],
    });
  });
});
