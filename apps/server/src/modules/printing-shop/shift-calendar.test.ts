import type {
  CuttingMachine,
  PlannedProductionTime,
  PrintingShop,
  ShiftCalendar,
  ShiftCalendarInput,
  TokenPair,
} from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { queryRows } from '../../db/client';
import { addDays, localDateOf, weekdayOf } from '../../lib/shift-calendar';

/**
 * The shift calendar of a location and its planned production time (issue 36), through the front
 * door: the admin reads and replaces it, the manager reads it and the planned time, the operator
 * neither; field errors for every rule; nothing of another tenant's.
 */
let t: TestApp;
let admin: TokenPair;
let manager: TokenPair;
let operator: TokenPair;
let otherAdmin: TokenPair;
let north: PrintingShop;
let south: PrintingShop;

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, tokens: TokenPair, payload?: object) =>
  t.request({
    method,
    url: `/api/printing-shop${url}`,
    headers: bearer(tokens),
    ...(payload ? { payload } : {}),
  });
const calendarUrl = (id: string) => `/printing-shops/${id}/shift-calendar`;
const plannedUrl = (id: string, query = '') => `/printing-shops/${id}/planned-production-time${query}`;
const HOUR = 3600;

const nightCalendar: ShiftCalendarInput = {
  timeZone: 'Europe/Berlin',
  shifts: [
    // listed out of order: the answer orders them by weekday and start
    { weekday: 6, name: 'Night', start: '22:00', end: '06:00', breaks: [{ start: '02:00', minutes: 30 }] },
    { weekday: 1, name: 'Late', start: '14:00', end: '22:00', breaks: [{ start: '18:00', minutes: 30 }] },
    { weekday: 1, name: 'Early', start: '06:00', end: '14:00' },
  ],
  holidays: [
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2026-12-24', name: 'Christmas Eve' },
  ],
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
  manager = await t.login('demo', 'manager');
  operator = await t.login('demo', 'operator');
  await t.addTenant('calendar-other', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  otherAdmin = await t.login('calendar-other', 'admin-printing-shop');
  const locations = (await call('GET', '/printing-shops?page_size=100', admin)).json()
    .items as PrintingShop[];
  north = locations.find((location) => location.name === 'Werk Nord')!;
  south = locations.find((location) => location.name === 'Werk Süd')!;
});
afterAll(() => t.close());

describe('the demo calendars', () => {
  it('give both locations two shifts Monday to Friday and Werk Nord a Saturday shift, in Europe/Berlin', async () => {
    const calendar = (await call('GET', calendarUrl(north.id), admin)).json() as ShiftCalendar;
    expect(calendar.timeZone).toBe('Europe/Berlin');
    expect(calendar.shifts).toHaveLength(11);
    expect(calendar.shifts[0]).toEqual({
      weekday: 1,
      name: 'Frühschicht',
      start: '06:00',
      end: '14:00',
      breaks: [{ start: '10:00', minutes: 30 }],
    });
    expect(calendar.shifts.at(-1)).toMatchObject({ weekday: 6, start: '06:00', end: '12:00' });
    expect(calendar.holidays.map((holiday) => holiday.date)).toEqual([
      '2026-10-03',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2027-01-01',
    ]);
    const other = (await call('GET', calendarUrl(south.id), manager)).json() as ShiftCalendar;
    expect(other.shifts.map((shift) => shift.weekday)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('give the other demo printing shops’ sites the zone of their country and two shifts a weekday', async () => {
    // read past row-level security, as the database's owner: these shops have no users to sign in
    const calendars = await queryRows<{ slug: string; zone: string; shifts: number; holidays: string[] }>(
      t.database.db,
      sql`SELECT t.slug, c.time_zone AS zone,
                 (SELECT count(*)::int FROM location_shifts s
                   WHERE s.tenant_id = c.tenant_id AND s.location_id = c.location_id) AS shifts,
                 (SELECT array_agg(to_char(h.day, 'YYYY-MM-DD') ORDER BY h.day) FROM location_holidays h
                   WHERE h.tenant_id = c.tenant_id AND h.location_id = c.location_id) AS holidays
          FROM location_calendars c JOIN tenants t ON t.id = c.tenant_id
          WHERE t.slug IN ('demo-at', 'demo-nl') ORDER BY t.slug`,
    );
    expect(calendars.map(({ slug, zone, shifts }) => [slug, zone, shifts])).toEqual([
      ['demo-at', 'Europe/Vienna', 10],
      ['demo-nl', 'Europe/Amsterdam', 10],
    ]);
    for (const calendar of calendars) expect(calendar.holidays).toContain('2026-12-25');
  });

  it('plan 15 hours a weekday per machine, 6 on Werk Nord’s Saturday, none on a holiday', async () => {
    const response = await call('GET', plannedUrl(north.id, '?from=2026-12-21&to=2026-12-27'), manager);
    expect(response.statusCode).toBe(200);
    const planned = response.json() as PlannedProductionTime;
    const machines = (
      await call('GET', `/printing-shops/${north.id}/cutting-machines`, admin)
    ).json() as CuttingMachine[];
    expect(planned.machines.map((machine) => machine.machineId).sort()).toEqual(
      machines.map((machine) => machine.id).sort(),
    );
    expect(planned.machines.length).toBeGreaterThan(0);
    expect(planned.days.map((day) => [day.date, day.weekday, day.holiday])).toEqual([
      ['2026-12-21', 1, null],
      ['2026-12-22', 2, null],
      ['2026-12-23', 3, null],
      ['2026-12-24', 4, 'Heiligabend'],
      ['2026-12-25', 5, '1. Weihnachtstag'],
      ['2026-12-26', 6, '2. Weihnachtstag'],
      ['2026-12-27', 7, null],
    ]);
    for (const machine of planned.machines) {
      expect(machine.days.map((day) => day.plannedSeconds / HOUR)).toEqual([15, 15, 15, 0, 0, 0, 0]);
      expect(machine.totalSeconds).toBe(45 * HOUR);
    }
    // the week the clocks go forward: Monday to Friday and the Saturday shift, CET then CEST
    const march = (await call('GET', plannedUrl(north.id, '?from=2026-03-23&to=2026-03-29'), admin)).json();
    const [first] = (march as PlannedProductionTime).machines;
    expect(first!.days.map((day) => day.plannedSeconds / HOUR)).toEqual([15, 15, 15, 15, 15, 6, 0]);
    expect(first!.days[0]!.shifts).toEqual([
      {
        name: 'Frühschicht',
        start: '2026-03-23T05:00:00.000Z',
        end: '2026-03-23T13:00:00.000Z',
        plannedSeconds: 7.5 * HOUR,
      },
      {
        name: 'Spätschicht',
        start: '2026-03-23T13:00:00.000Z',
        end: '2026-03-23T21:00:00.000Z',
        plannedSeconds: 7.5 * HOUR,
      },
    ]);
  });

  it('answer the current week where the location is when no range is asked for', async () => {
    const planned = (await call('GET', plannedUrl(south.id), manager)).json() as PlannedProductionTime;
    const today = localDateOf('Europe/Berlin', new Date());
    const monday = addDays(today, 1 - weekdayOf(today));
    // (a test running across local midnight on Sunday may see the next week)
    expect([monday, addDays(monday, 7)]).toContain(planned.from);
    expect(planned.to).toBe(addDays(planned.from, 6));
    expect(planned.days).toHaveLength(7);
    const from = (await call('GET', plannedUrl(south.id, '?from=2026-05-04'), admin)).json();
    expect([from.from, from.to]).toEqual(['2026-05-04', '2026-05-10']);
    const to = (await call('GET', plannedUrl(south.id, '?to=2026-05-10'), admin)).json();
    expect([to.from, to.to]).toEqual(['2026-05-04', '2026-05-10']);
  });
});

describe('replacing a calendar', () => {
  it('stores it as a whole, ordered, and the planned time follows it across the changes of the clocks', async () => {
    const response = await call('PUT', calendarUrl(south.id), admin, nightCalendar);
    expect(response.statusCode).toBe(200);
    const saved = response.json() as ShiftCalendar;
    expect(saved.shifts.map((shift) => [shift.weekday, shift.name])).toEqual([
      [1, 'Early'],
      [1, 'Late'],
      [6, 'Night'],
    ]);
    expect(saved.shifts[0]!.breaks).toEqual([]);
    expect(saved.holidays.map((holiday) => holiday.date)).toEqual(['2026-12-24', '2026-12-25']);
    expect(saved.updatedAt).not.toBeNull();
    expect((await call('GET', calendarUrl(south.id), manager)).json()).toEqual(saved);

    // Saturday night with a 30-minute break: 6.5 h the night the clocks go forward, 8.5 h when they go back
    const spring = (
      await call('GET', plannedUrl(south.id, '?from=2026-03-28&to=2026-03-28'), manager)
    ).json();
    const [springNight] = (spring as PlannedProductionTime).machines[0]!.days[0]!.shifts;
    expect(springNight).toEqual({
      name: 'Night',
      start: '2026-03-28T21:00:00.000Z',
      end: '2026-03-29T04:00:00.000Z',
      plannedSeconds: 6.5 * HOUR,
    });
    const autumn = (
      await call('GET', plannedUrl(south.id, '?from=2026-10-24&to=2026-10-24'), manager)
    ).json();
    expect((autumn as PlannedProductionTime).machines[0]!.days[0]!.plannedSeconds).toBe(8.5 * HOUR);
  });

  it('takes the time zone in its canonical spelling and an empty calendar', async () => {
    const response = await call('PUT', calendarUrl(south.id), admin, {
      timeZone: 'europe/vienna',
      shifts: [],
      holidays: [],
    });
    expect(response.json()).toMatchObject({ timeZone: 'Europe/Vienna', shifts: [], holidays: [] });
    const planned = (await call('GET', plannedUrl(south.id, '?from=2026-03-23&to=2026-03-29'), admin)).json();
    expect((planned as PlannedProductionTime).machines.every((machine) => machine.totalSeconds === 0)).toBe(
      true,
    );
  });

  it('starts a new location’s calendar in the zone of its country, and goes with a deleted location', async () => {
    const created = await call('POST', '/printing-shops', admin, { name: 'Werk Wien', country: 'AT' });
    const id = (created.json() as PrintingShop).id;
    expect((await call('GET', calendarUrl(id), admin)).json()).toEqual({
      printingShopId: id,
      timeZone: 'Europe/Vienna',
      shifts: [],
      holidays: [],
      updatedAt: null,
    });
    expect((await call('PUT', calendarUrl(id), admin, nightCalendar)).statusCode).toBe(200);
    expect((await call('DELETE', `/printing-shops/${id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', calendarUrl(id), admin)).statusCode).toBe(404);
  });

  it.each([
    [
      'overlapping shifts on one day',
      {
        shifts: [
          { weekday: 2, name: 'Early', start: '06:00', end: '14:00' },
          { weekday: 2, name: 'Late', start: '13:00', end: '21:00' },
        ],
      },
      [{ field: 'shifts.1.start', code: 'SHIFTS_OVERLAP' }],
    ],
    [
      'a night shift running into the next day’s shift',
      {
        shifts: [
          { weekday: 7, name: 'Night', start: '22:00', end: '06:30' },
          { weekday: 1, name: 'Early', start: '06:00', end: '14:00' },
        ],
      },
      [{ field: 'shifts.1.start', code: 'SHIFTS_OVERLAP' }],
    ],
    [
      'a break outside its shift',
      {
        shifts: [
          {
            weekday: 1,
            name: 'Early',
            start: '06:00',
            end: '14:00',
            breaks: [{ start: '14:00', minutes: 15 }],
          },
        ],
      },
      [{ field: 'shifts.0.breaks.0.start', code: 'BREAK_OUTSIDE_SHIFT' }],
    ],
    [
      'a shift that ends when it starts',
      { shifts: [{ weekday: 1, name: 'Early', start: '06:00', end: '06:00' }] },
      [{ field: 'shifts.0.end', code: 'END_EQUALS_START' }],
    ],
    [
      'a time zone that does not exist',
      { timeZone: 'Europe/Atlantis' },
      [{ field: 'timeZone', code: 'UNKNOWN_TIME_ZONE' }],
    ],
    [
      'a holiday date given twice',
      {
        holidays: [
          { date: '2026-12-24', name: 'Heiligabend' },
          { date: '2026-12-24', name: 'Christmas Eve' },
        ],
      },
      [{ field: 'holidays.1.date', code: 'DUPLICATE' }],
    ],
    [
      'a malformed time and date',
      {
        shifts: [{ weekday: 1, name: 'Early', start: '6 am', end: '14:00' }],
        holidays: [{ date: '2026-02-30', name: 'x' }],
      },
      [
        { field: 'shifts.0.start', code: 'INVALID_FORMAT' },
        { field: 'holidays.0.date', code: 'INVALID_FORMAT' },
      ],
    ],
  ])('refuses %s with its field code and changes nothing', async (_case, change, fields) => {
    const before = (await call('GET', calendarUrl(north.id), admin)).json();
    const response = await call('PUT', calendarUrl(north.id), admin, {
      timeZone: 'Europe/Berlin',
      shifts: [],
      holidays: [],
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation.INVALID_INPUT');
    expect(response.json().details.fields).toEqual(fields.map((field) => ({ ...field, in: 'body' })));
    expect((await call('GET', calendarUrl(north.id), admin)).json()).toEqual(before);
  });

  it('refuses a planned-time range that ends before it starts or spans more than 92 days', async () => {
    const reversed = await call('GET', plannedUrl(north.id, '?from=2026-03-29&to=2026-03-28'), manager);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details.fields).toEqual([{ field: 'to', in: 'query', code: 'TOO_SMALL' }]);
    const long = await call('GET', plannedUrl(north.id, '?from=2026-01-01&to=2026-12-31'), manager);
    expect(long.json().details.fields).toEqual([{ field: 'to', in: 'query', code: 'TOO_BIG' }]);
  });
});

describe('who may', () => {
  it('lets the manager read but not replace; the operator neither', async () => {
    expect((await call('GET', calendarUrl(north.id), manager)).statusCode).toBe(200);
    const refused = await call('PUT', calendarUrl(north.id), manager, nightCalendar);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('authentication.FORBIDDEN');
    for (const [method, url] of [
      ['GET', calendarUrl(north.id)],
      ['PUT', calendarUrl(north.id)],
      ['GET', plannedUrl(north.id)],
    ] as const) {
      const response = await call(method, url, operator, method === 'PUT' ? nightCalendar : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 404 for a location that does not exist', async () => {
    const missing = '5f0c6a52-7c1e-4b8e-9d3f-2a4b6c8d0e1f';
    for (const response of [
      await call('GET', calendarUrl(missing), admin),
      await call('PUT', calendarUrl(missing), admin, nightCalendar),
      await call('GET', plannedUrl(missing), manager),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
    }
  });

  it("gives another tenant's admin nothing of a calendar: no read, no change, no planned time", async () => {
    const before = (await call('GET', calendarUrl(north.id), admin)).json();
    for (const response of [
      await call('GET', calendarUrl(north.id), otherAdmin),
      await call('PUT', calendarUrl(north.id), otherAdmin, nightCalendar),
      await call('GET', plannedUrl(north.id, '?from=2026-03-23&to=2026-03-29'), otherAdmin),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
      expect(response.body).not.toContain('Frühschicht');
    }
    expect((await call('GET', calendarUrl(north.id), admin)).json()).toEqual(before);
    // its own location has its own calendar
    const own = await call('POST', '/printing-shops', otherAdmin, { name: 'Elsewhere', country: 'NL' });
    const ownId = (own.json() as PrintingShop).id;
    expect((await call('PUT', calendarUrl(ownId), otherAdmin, nightCalendar)).statusCode).toBe(200);
    expect((await call('GET', calendarUrl(ownId), admin)).statusCode).toBe(404);
    expect((await call('GET', calendarUrl(north.id), admin)).json()).toEqual(before);
  });
});
