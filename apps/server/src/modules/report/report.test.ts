import { randomUUID } from 'node:crypto';
import type { MachineStatus, TelemetryEvent, TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import { insertGrindingCycle } from '../knife/index';
import { closeCuttingJob, openCuttingJob } from './index';

/**
 * Report numbers, checked by hand. A known sequence of statuses, knife changes and cuts goes
 * through the real telemetry write path (`record`, like the demo history and the MQTT ingest) on
 * machine PM-115-0002 (Werk Nord, the manager's location) across midnight and the start of summer time in Europe/Berlin
 * (2026-03-29 01:00 UTC: 02:00 CET → 03:00 CEST, so local 29 March has 23 hours), and every
 * report endpoint is compared with numbers worked out below.
 *
 * Timeline (UTC; Berlin is UTC+1 until 01:00 on the 29th, UTC+2 after):
 *   28 Mar 21:00  knife K9 in, RUNNING (Jonas — pseudonym "Jonas S."), order J1 opens
 *   cuts 21:10 21:20 21:30 22:30 22:45 | 23:15 (local 00:15 on the 29th)
 *   29 Mar 00:00  INTERRUPTION_PRINTING_MATERIAL_MISSING (Jonas)
 *          00:30  RUNNING (Jonas); cuts 00:40 00:50 01:10 01:20 (01:10 is local 03:10 CEST)
 *          01:30  J1 closed; SUPPORT_CUTTING_MACHINE_CLEANING (Markus Weber, no pseudonym)
 *          02:00  RUNNING (Markus), order J2 opens as a partial job of J1; cuts 02:05 02:10 02:15
 *          02:30  KNIFE_SWAP; 02:35 K9 out (to the grinder), 02:40 K10 in
 *          02:45  RUNNING; cut 02:50 (K10)
 *          03:00  PAUSED — open until now
 *          09:00  the grinding shop records K9's cycle (13 cuts) in the knife module's grinding_cycles;
 *                 an older cycle of K9 (20 Mar, 40 cuts) lies before the day but inside the month
 * Machine PM-137-0003 (Werk Nord), nobody signed in, no knife: cuts 28 Mar 18:10 and 18:40 (local
 * 19:10/19:40 in Berlin; 23:40 on the 28th and 00:10 on the 29th in Asia/Kolkata, UTC+05:30), and
 * 25 Oct 00:30 and 01:30 (both local 02:30 in Berlin: the hour that happens twice when summer
 * time ends).
 */
let t: TestApp;
let admin: TokenPair;
let manager: TokenPair;
let tenantId: string;
const ids: Record<string, string> = {};
const K9 = 'E280116000000004';
const K10 = 'E280116000000005';

const query = <T>(statement: ReturnType<typeof sql>) =>
  t.app.kerf.transactions.withTenant(tenantId, (tx) => queryRows<T>(tx, statement));

let seq = 0;
const boot = randomUUID();
type Unsequenced = TelemetryEvent extends infer E
  ? E extends TelemetryEvent
    ? Omit<E, 'seq'>
    : never
  : never;
async function send(serial: string, events: Unsequenced[], operatorId?: string) {
  await t.app.kerf.telemetry.record(tenantId, [
    {
      serial,
      boot,
      events: events.map((event) => ({ ...event, seq: ++seq }) as TelemetryEvent),
      ...(operatorId ? { source: 'OPERATOR' as const, operatorId } : {}),
    },
  ]);
}
const status = (at: string, value: MachineStatus) => ({ type: 'status' as const, at, status: value });
const cut = (at: string, knifeRfid: string | null = null) => ({ type: 'cut' as const, at, knifeRfid });
const A = 'PM-115-0002';
const B = 'PM-137-0003';

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
  manager = await t.login('demo', 'manager');
  tenantId = JSON.parse(Buffer.from(admin.bearerToken.split('.')[1]!, 'base64url').toString()).tid;
  for (const row of await query<{ key: string; id: string }>(
    sql`SELECT username AS key, id FROM users UNION ALL SELECT serial_number, id FROM cutting_machines
        UNION ALL SELECT name, id FROM locations`,
  ))
    ids[row.key] = row.id;
  const jonas = ids.operator!;
  const markus = ids.manager!;
  // The scope these cases are computed for: the manager assigned to Werk Nord only (the demo assigns
  // them every location of the shop; "who sees what" below widens it and narrows it back).
  const narrowed = await t.request({
    method: 'PUT',
    url: `/api/printing-shop/users/${markus}/printing-shops`,
    headers: bearer(admin),
    payload: { printingShopIds: [ids['Werk Nord']] },
  });
  expect(narrowed.statusCode, narrowed.body).toBe(200);
  const job = <T>(fn: (tx: Tx) => Promise<T>) => t.app.kerf.transactions.withTenant(tenantId, fn);

  await send(A, [{ type: 'knife-inserted', at: '2026-03-28T21:00:00Z', rfid: K9 }]);
  await send(A, [status('2026-03-28T21:00:00Z', 'RUNNING')], jonas);
  ids.J1 = await job((tx) =>
    openCuttingJob(tx, tenantId, {
      machineId: ids[A]!,
      name: 'Flyer A5 Bäckerei Lindner',
      orderNumber: 'AU-2026-0311',
      programNumber: 'P-14',
      startedAt: '2026-03-28T21:00:00Z',
    }),
  );
  await send(
    A,
    ['21:10', '21:20', '21:30', '22:30', '22:45', '23:15'].map((hm) => cut(`2026-03-28T${hm}:00Z`, K9)),
  );
  await send(A, [status('2026-03-29T00:00:00Z', 'INTERRUPTION_PRINTING_MATERIAL_MISSING')], jonas);
  await send(A, [status('2026-03-29T00:30:00Z', 'RUNNING')], jonas);
  await send(
    A,
    ['00:40', '00:50', '01:10', '01:20'].map((hm) => cut(`2026-03-29T${hm}:00Z`, K9)),
  );
  await job((tx) => closeCuttingJob(tx, ids.J1!, { state: 'CLOSED', endedAt: '2026-03-29T01:30:00Z' }));
  await send(A, [status('2026-03-29T01:30:00Z', 'SUPPORT_CUTTING_MACHINE_CLEANING')], markus);
  await send(A, [status('2026-03-29T02:00:00Z', 'RUNNING')], markus);
  ids.J2 = await job((tx) =>
    openCuttingJob(tx, tenantId, {
      machineId: ids[A]!,
      name: 'Flyer A5 Bäckerei Lindner',
      orderNumber: 'AU-2026-0311',
      programNumber: 'P-14',
      parentJobId: ids.J1!,
      startedAt: '2026-03-29T02:00:00Z',
    }),
  );
  await send(
    A,
    ['02:05', '02:10', '02:15'].map((hm) => cut(`2026-03-29T${hm}:00Z`, K9)),
  );
  await send(A, [status('2026-03-29T02:30:00Z', 'KNIFE_SWAP')], markus);
  await send(A, [
    { type: 'knife-removed', at: '2026-03-29T02:35:00Z', rfid: K9 },
    { type: 'knife-inserted', at: '2026-03-29T02:40:00Z', rfid: K10 },
  ]);
  await send(A, [status('2026-03-29T02:45:00Z', 'RUNNING')], markus);
  await send(A, [cut('2026-03-29T02:50:00Z', K10)]);
  await send(A, [status('2026-03-29T03:00:00Z', 'PAUSED')], markus);
  const cycle = (sharpenedAt: string, cutsInCycle: number) =>
    job((tx) =>
      insertGrindingCycle(tx, tenantId, K9, {
        sharpenedAt: new Date(sharpenedAt),
        cutsInCycle,
        height: null,
        backThickness: null,
        angleVf: null,
        angleHf: null,
        angleTm: null,
      }),
    );
  await cycle('2026-03-20T10:00:00Z', 40);
  await cycle('2026-03-29T09:00:00Z', 13);

  await send(B, [
    cut('2026-03-28T18:10:00Z'),
    cut('2026-03-28T18:40:00Z'),
    cut('2026-10-25T00:30:00Z'),
    cut('2026-10-25T01:30:00Z'),
  ]);
});
afterAll(() => t.close());

async function get(path: string, params: Record<string, string>, tokens: TokenPair = manager) {
  const response = await t.request({
    method: 'GET',
    url: `/api/report${path}?${new URLSearchParams(params)}`,
    headers: bearer(tokens),
  });
  expect(response.statusCode, response.body).toBe(200);
  return path.endsWith('csv-exports') ? response.body : response.json();
}

/** Berlin, local 29 March 2026: 23:00 UTC on the 28th to 22:00 UTC on the 29th — 23 hours = 82,800 s. */
const DST_DAY = {
  startDate: '2026-03-28T23:00:00Z',
  endDate: '2026-03-29T22:00:00Z',
  timeZone: 'Europe/Berlin',
};
const JONAS = { label: 'Jonas S.', pseudonym: true };
const MARKUS = { label: 'Markus Weber', pseudonym: false };
const NOBODY = { id: null, label: '', pseudonym: false };

describe('employees on the day summer time starts (Europe/Berlin, 23 hours)', () => {
  it('cuts-chart: cuts per employee, most first', async () => {
    // Jonas 23:15 00:40 00:50 01:10 01:20 = 5; Markus 02:05 02:10 02:15 02:50 = 4
    expect(await get('/reports/employees/cuts-chart', DST_DAY)).toEqual([
      { employee: { id: ids.operator, ...JONAS }, cuts: 5 },
      { employee: { id: ids.manager, ...MARKUS }, cuts: 4 },
    ]);
  });

  it('cuts-per-hour-chart: 23 local hours, DST-aware', async () => {
    const chart = await get('/reports/employees/cuts-per-hour-chart', DST_DAY);
    expect(chart.bucketSize).toBe('HOUR');
    const [jonas, markus] = chart.series;
    // 23 hours from 23:00Z; after 01:00Z local clocks jump from 02:00 to 03:00
    expect(jonas.buckets).toHaveLength(23);
    expect(jonas.buckets[0].start).toBe('2026-03-28T23:00:00.000Z');
    expect(jonas.buckets[22].start).toBe('2026-03-29T21:00:00.000Z');
    const nonZero = (s: { buckets: { start: string; cuts: number }[] }) =>
      Object.fromEntries(s.buckets.filter((b) => b.cuts > 0).map((b) => [b.start, b.cuts]));
    // local 00:00 (23:15Z) 1; local 01:00 (00:40Z, 00:50Z) 2; local 03:00 CEST (01:10Z, 01:20Z) 2
    expect(nonZero(jonas)).toEqual({
      '2026-03-28T23:00:00.000Z': 1,
      '2026-03-29T00:00:00.000Z': 2,
      '2026-03-29T01:00:00.000Z': 2,
    });
    // local 04:00 CEST: 02:05 02:10 02:15 02:50
    expect(nonZero(markus)).toEqual({ '2026-03-29T02:00:00.000Z': 4 });
  });

  it('times-chart-for-range: seconds per status per employee, clipped to the day', async () => {
    expect(await get('/reports/employees/times-chart-for-range', DST_DAY)).toEqual([
      {
        employee: { id: ids.operator, ...JONAS },
        // RUNNING 23:00–00:00 (3,600, clipped at the day's start) + 00:30–01:30 (3,600) = 7,200
        statuses: [
          { status: 'RUNNING', seconds: 7200 },
          { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', seconds: 1800 }, // 00:00–00:30
        ],
        cuts: 5,
      },
      {
        employee: { id: ids.manager, ...MARKUS },
        statuses: [
          { status: 'RUNNING', seconds: 2700 }, // 02:00–02:30 + 02:45–03:00
          { status: 'PAUSED', seconds: 68400 }, // 03:00–22:00 (open interval, clipped to the day)
          { status: 'KNIFE_SWAP', seconds: 900 }, // 02:30–02:45
          { status: 'SUPPORT_CUTTING_MACHINE_CLEANING', seconds: 1800 }, // 01:30–02:00
        ],
        cuts: 4,
      },
    ]);
  });

  it('total-times: the sums over all employees', async () => {
    expect(await get('/reports/employees/total-times', DST_DAY)).toEqual({
      statuses: [
        { status: 'RUNNING', seconds: 9900 }, // 7,200 + 2,700
        { status: 'PAUSED', seconds: 68400 },
        { status: 'KNIFE_SWAP', seconds: 900 },
        { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', seconds: 1800 },
        { status: 'SUPPORT_CUTTING_MACHINE_CLEANING', seconds: 1800 },
      ],
      cuts: 9,
      employees: 2,
    }); // 9,900 + 68,400 + 900 + 1,800 + 1,800 = 82,800 = 23 h: the whole day is accounted for
  });

  it('search narrows to matching employees (by pseudonym or name)', async () => {
    expect(await get('/reports/employees/cuts-chart', { ...DST_DAY, search: 'weber' })).toEqual([
      { employee: { id: ids.manager, ...MARKUS }, cuts: 4 },
    ]);
  });

  it('CSV: one row per employee, durations in seconds and DD:HH:MM', async () => {
    const csv: string = await get('/reports/employees/csv-exports', DST_DAY);
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^Employee ID,Employee,Pseudonym,Cuts,Running \(s\),Running \(DD:HH:MM\),Paused \(s\)/,
    );
    // Markus: PAUSED 68,400 s = 19 h = 00:19:00
    expect(lines[2]).toContain(`${ids.manager},Markus Weber,false,4,2700,00:00:45,68400,00:19:00`);
  });
});

describe('cutting machines on the DST day', () => {
  it('average-uptime: RUNNING seconds, the period and the daily average', async () => {
    const rows = await get('/reports/cutting-machines/average-uptime', DST_DAY);
    expect(rows).toHaveLength(3); // the manager sees the three machines of Werk Nord
    const a = rows.find((r: { machine: { serialNumber: string } }) => r.machine.serialNumber === A);
    // one whole local day, so the daily average is the day's 9,900 s
    expect(a).toEqual({
      machine: {
        id: ids[A],
        name: expect.any(String),
        serialNumber: A,
        locationId: ids['Werk Nord'],
        locationName: 'Werk Nord',
      },
      uptimeSeconds: 9900,
      periodSeconds: 82800,
      averageDailyUptimeSeconds: 9900,
      cuts: 9,
    });
  });

  it('total-uptime: every status, NO_DATA where nothing was reported', async () => {
    const rows = await get('/reports/cutting-machines/total-uptime', DST_DAY);
    const by = (serial: string) =>
      rows.find((r: { machine: { serialNumber: string } }) => r.machine.serialNumber === serial);
    expect(by(A).statuses).toEqual([
      { status: 'RUNNING', seconds: 9900 },
      { status: 'PAUSED', seconds: 68400 },
      { status: 'KNIFE_SWAP', seconds: 900 },
      { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', seconds: 1800 },
      { status: 'SUPPORT_CUTTING_MACHINE_CLEANING', seconds: 1800 },
    ]);
    expect(by(A).cuts).toBe(9);
    // PM-137-0003 sent cuts but never a status: the whole 23 h are NO_DATA
    expect(by(B)).toMatchObject({ statuses: [{ status: 'NO_DATA', seconds: 82800 }], cuts: 0 });
  });

  it('used-knives-count: K9 8 cuts (23:15 … 02:15), K10 1 (02:50)', async () => {
    const rows = await get('/reports/cutting-machines/used-knives-count', DST_DAY);
    const a = rows.find((r: { machine: { serialNumber: string } }) => r.machine.serialNumber === A);
    expect(a).toMatchObject({
      count: 2,
      knives: [
        { rfid: K9, cuts: 8 },
        { rfid: K10, cuts: 1 },
      ],
    });
  });

  it('counts the partial hours at the edges of a period from raw cuts', async () => {
    // 21:15–01:15 UTC: raw 21:20 21:30 | rollups of 22:00–01:00: 22:30 22:45 23:15 00:40 00:50 | raw 01:10 = 8
    const period = {
      startDate: '2026-03-28T21:15:00Z',
      endDate: '2026-03-29T01:15:00Z',
      timeZone: 'Europe/Berlin',
    };
    const rows = await get('/reports/cutting-machines/average-uptime', { ...period, search: A });
    // RUNNING 21:15–00:00 (9,900) + 00:30–01:15 (2,700) = 12,600 of 4 h (14,400).
    // Local days: 1.75 h of the 24-hour 28th + 2.25 h of the 23-hour 29th = 1.75/24 + 2.25/23
    // = 0.1707428 days → 12,600 / 0.1707428 = 73,795 s average per day
    expect(rows).toEqual([
      expect.objectContaining({
        uptimeSeconds: 12600,
        periodSeconds: 14400,
        averageDailyUptimeSeconds: 73795,
        cuts: 8,
      }),
    ]);
    expect(await get('/reports/employees/cuts-chart', period)).toEqual([
      { employee: { id: ids.operator, ...JONAS }, cuts: 8 },
    ]);
  });

  it('CSV: one row per machine', async () => {
    const csv: string = await get('/reports/cutting-machines/csv-exports', { ...DST_DAY, search: A });
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toMatch(
      /^Cutting machine,Serial number,Location,Period start \(ISO 8601\),Period start \(Europe\/Berlin\),Period end \(ISO 8601\),Period end \(Europe\/Berlin\),Cuts,Knives used,Period \(s\)/,
    );
    // the period in the report's zone, with its offset (summer time began during the day)
    // 82,800 s = 00:23:00; uptime 9,900 s = 2 h 45 min = 00:02:45
    expect(lines[1]).toContain(
      `,${A},Werk Nord,2026-03-29T00:00:00+01:00,"Mar 29, 2026, 12:00:00 AM",2026-03-30T00:00:00+02:00,"Mar 30, 2026, 12:00:00 AM",9,2,82800,00:23:00,9900,00:02:45,9900,00:02:45,9900,00:02:45,68400`,
    );
  });
});

describe('knives on the DST day', () => {
  it('cuts-total: per knife and machine', async () => {
    const rows = await get('/reports/knives/cuts-total', DST_DAY);
    expect(rows).toEqual([
      {
        rfid: K9,
        articleNumber: 'PM-K-1150',
        knifeClassName: 'HSS long-life',
        cuts: 8,
        machines: [{ id: ids[A], name: expect.any(String), cuts: 8 }],
      },
      {
        rfid: K10,
        articleNumber: 'PM-K-1260',
        knifeClassName: 'HSS standard',
        cuts: 1,
        machines: [{ id: ids[A], name: expect.any(String), cuts: 1 }],
      },
    ]);
  });

  it('knife-cycles: the cycles the knife module recorded in the period (grinding_cycles)', async () => {
    const rows = await get('/reports/knives/knife-cycles', DST_DAY);
    // the thirteen demo knives of Werk Nord (the manager's location); two of them cut
    expect(rows).toHaveLength(13);
    const k9 = rows.find((r: { rfid: string }) => r.rfid === K9);
    // the grinding shop's cycle of 09:00 with its 13 cuts (21:10 … 02:15); the counter is the
    // knife's own (13 of Werk Nord's interval of 3,500): recording a cycle does not reset it
    expect(k9).toEqual({
      rfid: K9,
      articleNumber: 'PM-K-1150',
      knifeClassName: 'HSS long-life',
      cycles: 1,
      averageCutsPerCycle: 13,
      cutsSinceLastGrinding: 13,
      swapUrgency: 'OK',
      cycleCuts: [{ sharpenedAt: '2026-03-29T09:00:00.000Z', cuts: 13 }],
    });
    expect(rows.find((r: { rfid: string }) => r.rfid === K10)).toMatchObject({
      cycles: 0,
      averageCutsPerCycle: null,
      cutsSinceLastGrinding: 1,
    });
    // the day before has none; the month has both cycles: (40 + 13) / 2 = 26.5 → 27
    const before = await get('/reports/knives/knife-cycles', {
      startDate: '2026-03-27T23:00:00Z',
      endDate: '2026-03-28T23:00:00Z',
      timeZone: 'Europe/Berlin',
      search: K9,
    });
    expect(before).toMatchObject([{ rfid: K9, cycles: 0, cycleCuts: [] }]);
    const month = await get('/reports/knives/knife-cycles', {
      startDate: '2026-03-01T00:00:00Z',
      endDate: '2026-04-01T00:00:00Z',
      timeZone: 'Europe/Berlin',
      search: K9,
    });
    expect(month).toMatchObject([
      {
        rfid: K9,
        cycles: 2,
        averageCutsPerCycle: 27,
        cycleCuts: [
          { sharpenedAt: '2026-03-20T10:00:00.000Z', cuts: 40 },
          { sharpenedAt: '2026-03-29T09:00:00.000Z', cuts: 13 },
        ],
      },
    ]);
  });

  it('CSV: one row per knife', async () => {
    const csv: string = await get('/reports/knives/csv-exports', { ...DST_DAY, search: K9 });
    expect(csv.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'RFID,Article number,Knife class,Cuts,Grinding cycles,Average cuts per cycle,Cuts since last grinding,Swap urgency,Swap urgency (code)',
      `${K9},PM-K-1150,HSS long-life,8,1,13,13,OK,OK`,
    ]);
  });
});

describe("CSV separators follow the user's language (lang), as the knife CSVs", () => {
  it('German: semicolons and decimal commas in every section', async () => {
    const knives: string = await get('/reports/knives/csv-exports', {
      ...DST_DAY,
      search: K9,
      lang: 'GERMAN',
    });
    expect(knives.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'RFID;Artikelnummer;Messerklasse;Schnitte;Schleifzyklen;Schnitte pro Zyklus im Mittel;Schnitte seit dem letzten Schliff;Wechseldringlichkeit;Wechseldringlichkeit (Code)',
      `${K9};PM-K-1150;HSS long-life;8;1;13;13;In Ordnung;OK`,
    ]);
    const machines: string = await get('/reports/cutting-machines/csv-exports', {
      ...DST_DAY,
      search: A,
      lang: 'GERMAN',
    });
    expect(machines.split('\r\n')[1]).toContain(
      `;${A};Werk Nord;2026-03-29T00:00:00+01:00;"29.03.2026, 00:00:00";2026-03-30T00:00:00+02:00;"30.03.2026, 00:00:00";9;2;82800;00:23:00`,
    );
    const employees: string = await get('/reports/employees/csv-exports', { ...DST_DAY, lang: 'FRENCH' });
    expect(employees.split('\r\n')[0]).toMatch(/^\uFEFFID employé;Employé;Pseudonyme;Coupes;/);
    const orders: string = await get('/reports/cutting-jobs/csv-exports', { ...DST_DAY, lang: 'POLISH' });
    expect(orders.trim().split('\r\n')[2]).toMatch(
      /;10;16200;00:04:30;14400;00:04:00;1800;00:00:30;0;00:00:00$/,
    );
  });

  it('English and Arabic keep commas; an unknown language is refused with a field error', async () => {
    const arabic: string = await get('/reports/knives/csv-exports', {
      ...DST_DAY,
      search: K9,
      lang: 'ARABIC',
    });
    expect(arabic.replace('\uFEFF', '').trim().split('\r\n')[1]).toBe(
      `${K9},PM-K-1150,HSS long-life,8,1,13,13,سليم,OK`,
    );
    const response = await t.request({
      method: 'GET',
      url: `/api/report/reports/knives/csv-exports?${new URLSearchParams({ ...DST_DAY, lang: 'KLINGON' })}`,
      headers: bearer(manager),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('orders (cutting jobs)', () => {
  it('lists the jobs overlapping the period, newest first, with the times booked to them', async () => {
    const page = await get('/reports/cutting-jobs', DST_DAY);
    expect(page).toMatchObject({ total: 2, page: 0, pageSize: 25 });
    const [j2, j1] = page.items;
    expect(j1).toEqual({
      id: ids.J1,
      name: 'Flyer A5 Bäckerei Lindner',
      orderNumber: 'AU-2026-0311',
      programNumber: 'P-14',
      state: 'CLOSED',
      parentJobId: null,
      machine: expect.objectContaining({ id: ids[A], serialNumber: A }),
      startDate: '2026-03-28T21:00:00.000Z',
      endDate: '2026-03-29T01:30:00.000Z',
      durationSeconds: 16200, // 4 h 30 min
      cuts: 10, // 21:10 … 01:20, booked to the job while it was the machine's current one
      processingSeconds: 14400, // RUNNING 21:00–00:00 + 00:30–01:30
      downtimeSeconds: 1800, // the interruption 00:00–00:30
      supportSeconds: 0,
    });
    expect(j2).toMatchObject({
      id: ids.J2,
      state: 'OPEN',
      parentJobId: ids.J1,
      startDate: '2026-03-29T02:00:00.000Z',
      endDate: null,
      cuts: 4,
      processingSeconds: 2700, // RUNNING 02:00–02:30 + 02:45–03:00; the knife swap is neither
      downtimeSeconds: 0,
      supportSeconds: 0,
    });
    // open: it lasts until now
    expect(j2.durationSeconds).toBeGreaterThan((Date.now() - Date.parse('2026-03-29T02:00:00Z')) / 1000 - 60);
    // the stored times of the closed job agree with the report
    const [stored] = await query<{ p: number; d: number }>(
      sql`SELECT processing_seconds AS p, downtime_seconds AS d FROM cutting_jobs WHERE id = ${ids.J1!}`,
    );
    expect(stored).toEqual({ p: 14400, d: 1800 });
  });

  it('filters by name and pages', async () => {
    expect((await get('/reports/cutting-jobs', { ...DST_DAY, cuttingJobNameFilter: 'plakat' })).total).toBe(
      0,
    );
    const second = await get('/reports/cutting-jobs', { ...DST_DAY, page: '1', page_size: '1' });
    expect(second.items.map((j: { id: string }) => j.id)).toEqual([ids.J1]);
    const before = { startDate: '2026-03-28T00:00:00Z', endDate: '2026-03-28T21:00:00Z' };
    expect((await get('/reports/cutting-jobs', before)).total).toBe(0);
  });

  it('CSV: every job of the period', async () => {
    const csv: string = await get('/reports/cutting-jobs/csv-exports', DST_DAY);
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(
      ',AU-2026-0311,P-14,Closed,CLOSED,,' + // no parent
        '',
    );
    expect(lines[2]).toMatch(/,10,16200,00:04:30,14400,00:04:00,1800,00:00:30,0,00:00:00$/);
  });
});

describe('local days and hours', () => {
  it('three Berlin days in day buckets (over 48 hours)', async () => {
    const chart = await get('/reports/employees/cuts-per-hour-chart', {
      startDate: '2026-03-27T23:00:00Z',
      endDate: '2026-03-30T22:00:00Z',
      timeZone: 'Europe/Berlin',
    });
    expect(chart.bucketSize).toBe('DAY');
    // local midnights: 28th 23:00Z of the 27th (CET), 29th 23:00Z, 30th 22:00Z (CEST)
    const days = ['2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'];
    expect(chart.series).toEqual([
      // Jonas: 28th 21:10 21:20 21:30 22:30 22:45 (5); 29th 23:15 00:40 00:50 01:10 01:20 (5)
      {
        employee: { id: ids.operator, ...JONAS },
        buckets: days.map((start, i) => ({ start, cuts: [5, 5, 0][i] })),
      },
      {
        employee: { id: ids.manager, ...MARKUS },
        buckets: days.map((start, i) => ({ start, cuts: [0, 4, 0][i] })),
      },
      // nobody signed in at PM-137-0003: 18:10Z and 18:40Z on the 28th
      { employee: NOBODY, buckets: days.map((start, i) => ({ start, cuts: [2, 0, 0][i] })) },
    ]);
  });

  it('Asia/Kolkata (UTC+05:30): a UTC hour split by a local midnight counts where its larger half lies', async () => {
    // Interior: UTC hour 18:00–19:00 on the 28th is 23:30–00:30 local; its middle (18:30Z) is local
    // midnight, so both of its cuts (18:10Z = 23:40 on the 28th, 18:40Z = 00:10 on the 29th) count
    // on the 29th — documented rounding inside a period; totals stay exact.
    const chart = await get('/reports/employees/cuts-per-hour-chart', {
      startDate: '2026-03-27T18:30:00Z',
      endDate: '2026-03-30T18:30:00Z',
      timeZone: 'Asia/Kolkata',
    });
    expect(chart.bucketSize).toBe('DAY');
    const nobody = chart.series.find((s: { employee: { id: string | null } }) => s.employee.id === null);
    expect(nobody.buckets).toEqual([
      { start: '2026-03-27T18:30:00.000Z', cuts: 0 },
      { start: '2026-03-28T18:30:00.000Z', cuts: 2 },
      { start: '2026-03-29T18:30:00.000Z', cuts: 0 },
    ]);
    // At a period's edge the half hour is counted exactly from raw cuts: local 29 March holds only 18:40Z.
    const day = {
      startDate: '2026-03-28T18:30:00Z',
      endDate: '2026-03-29T18:30:00Z',
      timeZone: 'Asia/Kolkata',
    };
    expect(await get('/reports/employees/cuts-chart', day)).toEqual([
      { employee: { id: ids.operator, ...JONAS }, cuts: 10 },
      { employee: { id: ids.manager, ...MARKUS }, cuts: 4 },
      { employee: NOBODY, cuts: 1 },
    ]);
  });

  it('the day summer time ends has 25 hours, the repeated 02:00 twice', async () => {
    const chart = await get('/reports/employees/cuts-per-hour-chart', {
      startDate: '2026-10-24T22:00:00Z',
      endDate: '2026-10-25T23:00:00Z',
      timeZone: 'Europe/Berlin',
    });
    const [nobody] = chart.series;
    expect(nobody.buckets).toHaveLength(25);
    // 00:30Z is 02:30 CEST, 01:30Z is 02:30 CET: two buckets
    expect(nobody.buckets.filter((b: { cuts: number }) => b.cuts > 0)).toEqual([
      { start: '2026-10-25T00:00:00.000Z', cuts: 1 },
      { start: '2026-10-25T01:00:00.000Z', cuts: 1 },
    ]);
  });
});

describe('uptime over the last 24 hours', () => {
  it('is a timeline with NO_DATA before the first status and cuts per local hour', async () => {
    const hour = 3600_000;
    const ago = (h: number) => new Date(Date.now() - h * hour).toISOString();
    const serial = 'PM-115-0001';
    await send(serial, [status(ago(5), 'RUNNING')], ids.operator);
    await send(serial, [cut(ago(3)), cut(ago(1))]);
    await send(serial, [status(ago(2), 'BREAK')], ids.operator);
    const rows = await get(
      '/reports/cutting-machines/uptime-last-24h',
      { timeZone: 'Europe/Berlin' },
      manager,
    );
    // the manager works at Werk Nord only: its three machines
    expect(rows.map((r: { machine: { locationName: string } }) => r.machine.locationName)).toEqual([
      'Werk Nord',
      'Werk Nord',
      'Werk Nord',
    ]);
    const row = rows.find((r: { machine: { serialNumber: string } }) => r.machine.serialNumber === serial);
    const span = (s: { from: string; to: string }) =>
      Math.round((Date.parse(s.to) - Date.parse(s.from)) / hour);
    expect(row.segments.map((s: { status: string }) => s.status)).toEqual(['NO_DATA', 'RUNNING', 'BREAK']);
    expect(row.segments.map(span)).toEqual([19, 3, 2]);
    expect(row.cutsPerHour.length).toBeGreaterThanOrEqual(24);
    expect(row.cutsPerHour.reduce((sum: number, b: { cuts: number }) => sum + b.cuts, 0)).toBe(2);
  });
});

describe('who sees what', () => {
  it('a manager sees only the locations assigned to them', async () => {
    // two cuts at Werk Süd, which the manager does not work at
    await send('PM-92-0004', [cut('2026-03-29T10:00:00Z'), cut('2026-03-29T10:05:00Z')]);
    const sued = { ...DST_DAY, locations: ids['Werk Süd']! };
    const machines = await get('/reports/cutting-machines/total-uptime', DST_DAY);
    expect(
      new Set(machines.map((m: { machine: { locationName: string } }) => m.machine.locationName)),
    ).toEqual(new Set(['Werk Nord']));
    expect(await get('/reports/cutting-machines/total-uptime', sued)).toEqual([]);
    expect(await get('/reports/employees/cuts-chart', sued)).toEqual([]);
    expect(await get('/reports/employees/total-times', sued)).toEqual({
      statuses: [],
      cuts: 0,
      employees: 0,
    });
    // once the admin assigns Werk Süd to the manager as well, its machines appear
    const assign = await t.request({
      method: 'PUT',
      url: `/api/printing-shop/users/${ids.manager}/printing-shops`,
      headers: bearer(admin),
      payload: { printingShopIds: [ids['Werk Nord'], ids['Werk Süd']] },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    try {
      expect(await get('/reports/employees/cuts-chart', sued)).toEqual([{ employee: NOBODY, cuts: 2 }]);
      expect((await get('/reports/cutting-machines/total-uptime', DST_DAY)).length).toBe(5);
    } finally {
      await t.request({
        method: 'PUT',
        url: `/api/printing-shop/users/${ids.manager}/printing-shops`,
        headers: bearer(admin),
        payload: { printingShopIds: [ids['Werk Nord']] },
      });
    }
  });

  it('the admin (no reports:read) and an operator may not read reports', async () => {
    for (const tokens of [admin, await t.login('demo', 'operator')]) {
      const response = await t.request({
        method: 'GET',
        url: `/api/report/reports/employees/cuts-chart?${new URLSearchParams(DST_DAY)}`,
        headers: bearer(tokens),
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('reports user-view: the employees of the selected locations, by pseudonym where set', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/printing-shop/printing-shops/reports/user-view',
      headers: bearer(manager),
    });
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view.map((v: { employee: { label: string } }) => v.employee.label)).toEqual([
      'Anna Becker',
      'Jonas S.',
      'Markus Weber',
    ]);
    expect(view[1]).toEqual({
      employee: { id: ids.operator, label: 'Jonas S.', pseudonym: true },
      role: 'PRINTING_SHOP_OPERATOR',
      locationIds: [ids['Werk Nord']],
      active: true,
    });
    // nobody works at Werk Süd; the manager may not look there anyway
    for (const tokens of [admin, manager]) {
      const other = await t.request({
        method: 'GET',
        url: `/api/printing-shop/printing-shops/reports/user-view?locations=${ids['Werk Süd']}`,
        headers: bearer(tokens),
      });
      expect(other.statusCode).toBe(tokens === admin ? 403 : 200);
      if (tokens === manager) expect(other.json()).toEqual([]);
    }
  });
});

const REPORT_PATHS = [
  '/reports/employees/cuts-chart',
  '/reports/employees/cuts-per-hour-chart',
  '/reports/employees/times-chart-for-range',
  '/reports/employees/total-times',
  '/reports/employees/csv-exports',
  '/reports/cutting-machines/average-uptime',
  '/reports/cutting-machines/total-uptime',
  '/reports/cutting-machines/used-knives-count',
  '/reports/cutting-machines/csv-exports',
  '/reports/knives/cuts-total',
  '/reports/knives/knife-cycles',
  '/reports/knives/csv-exports',
  '/reports/cutting-jobs',
  '/reports/cutting-jobs/csv-exports',
];

describe('validation', () => {
  const cases: [string, Record<string, string>, { field: string; code: string }][] = [
    [
      'end before start',
      { startDate: '2026-03-29T00:00:00Z', endDate: '2026-03-28T00:00:00Z' },
      { field: 'endDate', code: 'TOO_SMALL' },
    ],
    [
      'end equals start',
      { startDate: '2026-03-29T00:00:00Z', endDate: '2026-03-29T00:00:00Z' },
      { field: 'endDate', code: 'TOO_SMALL' },
    ],
    [
      'over 400 days',
      { startDate: '2025-01-01T00:00:00Z', endDate: '2026-02-06T00:00:01Z' },
      { field: 'endDate', code: 'TOO_BIG' },
    ],
    [
      'unknown time zone',
      { ...DST_DAY, timeZone: 'Mars/Olympus_Mons' },
      { field: 'timeZone', code: expect.any(String) },
    ],
    [
      'not a date',
      { startDate: 'yesterday', endDate: '2026-03-29T00:00:00Z' },
      { field: 'startDate', code: expect.any(String) },
    ],
  ];
  for (const [name, params, field] of cases) {
    it(`${name}: validation.INVALID_INPUT with the field, on every endpoint`, async () => {
      for (const path of REPORT_PATHS) {
        const response = await t.request({
          method: 'GET',
          url: `/api/report${path}?${new URLSearchParams(params)}`,
          headers: bearer(manager),
        });
        expect(response.statusCode, `${path} ${response.body}`).toBe(400);
        expect(response.json().code).toBe('validation.INVALID_INPUT');
        expect(response.json().details.fields).toContainEqual(expect.objectContaining(field));
      }
    });
  }

  it('exactly 400 days is allowed', async () => {
    await get('/reports/cutting-machines/total-uptime', {
      startDate: '2025-01-01T00:00:00Z',
      endDate: '2026-02-05T00:00:00Z',
      timeZone: 'Europe/Berlin',
    });
  });
});
