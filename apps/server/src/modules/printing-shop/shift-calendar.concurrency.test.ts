import type { PrintingShop, ShiftCalendar, ShiftCalendarInput, TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { tenantOf } from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';

/**
 * Two admins replace the same location's shift calendar at once (issue 36): the replacement is one
 * transaction that takes the location's row lock first, so the calendar afterwards is one of the
 * two whole — its time zone, every shift with its breaks, every holiday — never a mix of both and
 * never the two added up. Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where the two
 * transactions really run side by side.
 */
const ROUNDS = 60;
const TIMEOUT_MS = 180_000;

let t: TestApp;
let admin: TokenPair;
let colleague: TokenPair;
let locationId: string;

const url = () => `/api/printing-shop/printing-shops/${locationId}/shift-calendar`;
const put = (tokens: TokenPair, body: ShiftCalendarInput) =>
  t.request({ method: 'PUT', url: url(), headers: bearer(tokens), payload: body });

/** Two calendars that share nothing: zone, number of shifts, names, breaks and holidays all differ. */
const EARLY_AND_LATE: ShiftCalendarInput = {
  timeZone: 'Europe/Berlin',
  shifts: [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, name: 'Early', start: '06:00', end: '14:00', breaks: [{ start: '10:00', minutes: 30 }] },
    { weekday, name: 'Late', start: '14:00', end: '22:00', breaks: [{ start: '18:00', minutes: 30 }] },
  ]),
  holidays: [
    { date: '2026-12-24', name: 'Heiligabend' },
    { date: '2026-12-25', name: '1. Weihnachtstag' },
  ],
};
const THREE_SHIFTS: ShiftCalendarInput = {
  timeZone: 'Europe/Vienna',
  shifts: [1, 2, 3].flatMap((weekday) => [
    { weekday, name: 'Früh', start: '05:00', end: '13:00', breaks: [{ start: '09:00', minutes: 20 }] },
    { weekday, name: 'Spät', start: '13:00', end: '21:00', breaks: [] },
    {
      weekday,
      name: 'Nacht',
      start: '21:00',
      end: '05:00',
      breaks: [
        { start: '00:00', minutes: 20 },
        { start: '03:00', minutes: 15 },
      ],
    },
  ]),
  holidays: [{ date: '2026-12-08', name: 'Mariä Empfängnis' }],
};

/** The calendar as the API answers it, without when it was saved. */
const content = (calendar: ShiftCalendar) => ({
  timeZone: calendar.timeZone,
  shifts: calendar.shifts,
  holidays: calendar.holidays,
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
  colleague = await t.login('demo', 'admin');
  const locations = await t.request({
    method: 'GET',
    url: '/api/printing-shop/printing-shops?page_size=100',
    headers: bearer(admin),
  });
  locationId = (locations.json().items as PrintingShop[]).find((l) => l.name === 'Werk Süd')!.id;
});
afterAll(() => t.close());

describe('shift calendar under concurrency', () => {
  it(
    `leaves one of two replacements sent at once whole, ${ROUNDS} times`,
    async () => {
      // what each calendar looks like once stored (ordered, canonical)
      const early = content((await put(admin, EARLY_AND_LATE)).json());
      const three = content((await put(admin, THREE_SHIFTS)).json());
      expect(early).not.toEqual(three);
      const rows = (await t.app.kerf.transactions.withTenant(tenantOf(admin), (tx) =>
        queryRows<{ shifts: number; breaks: number; holidays: number }>(
          tx,
          sql`SELECT (SELECT count(*)::int FROM location_shifts WHERE location_id = ${locationId}) AS shifts,
                     (SELECT count(*)::int FROM location_shift_breaks WHERE location_id = ${locationId}) AS breaks,
                     (SELECT count(*)::int FROM location_holidays WHERE location_id = ${locationId}) AS holidays`,
        ),
      )) as { shifts: number; breaks: number; holidays: number }[];
      expect(rows[0]).toEqual({ shifts: 9, breaks: 9, holidays: 1 });

      const winners = { early: 0, three: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const [first, second] =
          round % 2 === 0 ? [EARLY_AND_LATE, THREE_SHIFTS] : [THREE_SHIFTS, EARLY_AND_LATE];
        const answers = await Promise.all([put(admin, first), put(colleague, second)]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        const stored = content(
          (await t.request({ method: 'GET', url: url(), headers: bearer(admin) })).json() as ShiftCalendar,
        );
        const whole = [early, three].find(
          (candidate) => JSON.stringify(candidate) === JSON.stringify(stored),
        );
        expect(whole, `round ${round}: ${JSON.stringify(stored).slice(0, 200)}`).toBeDefined();
        if (whole === early) winners.early += 1;
        else winners.three += 1;
      }
      expect(winners.early + winners.three).toBe(ROUNDS);
    },
    TIMEOUT_MS,
  );
});
