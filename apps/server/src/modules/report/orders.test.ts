import { randomUUID } from 'node:crypto';
import type { MachineStatusView, OperatorMachine, Order, TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { foreignOperator as foreignOperatorOf, tenantOf } from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';
import { NONE_ID } from '../../db/schema/telemetry';

/**
 * Orders recorded offline keep the operator's time (ADR 0017): `at` on creating, starting and
 * closing an order dates it, and the machine's cuts follow the order's span, in the cuts, their
 * hourly rollups and the order's cut count.
 */

let t: TestApp;
let operator: TokenPair;
let manager: TokenPair;
let foreignOperator: TokenPair;
let tenantId: string;
/** the machines at the demo operator's location */
let mine: string[];

const MINUTE = 60_000;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, options: { payload?: object; tokens?: TokenPair } = {}) =>
  t.request({
    method,
    url,
    headers: bearer(options.tokens ?? operator),
    ...(options.payload ? { payload: options.payload } : {}),
  });
const ps = (path: string) => `/api/printing-shop${path}`;
const ago = (ms: number) => new Date(Date.now() - ms);

const statusView = async (machineId: string) =>
  (
    await call('GET', ps(`/cutting-machines/${machineId}/status-view`), { tokens: manager })
  ).json() as MachineStatusView;
const ordersOf = async (machineId: string) =>
  (await call('GET', ps(`/cutting-machines/${machineId}/orders`))).json() as Order[];

/** Cuts of the machine at the given times, as its agent sends them. */
async function cutAt(machineId: string, times: Date[]) {
  const serial = (await statusView(machineId)).serialNumber;
  await t.app.kerf.telemetry.record(tenantId, [
    {
      serial,
      boot: randomUUID(),
      events: times.map((at, i) => ({ type: 'cut' as const, seq: i + 1, at: at.toISOString() })),
    },
  ]);
}

/** The machine's cuts per order (NONE_ID: no order), counted from the raw cuts and from the hourly rollups. */
async function bookedCuts(machineId: string) {
  return t.app.kerf.transactions.withTenant(tenantId, async (tx) => {
    const raw = await queryRows<{ job: string; n: number }>(
      tx,
      sql`SELECT coalesce(job_id, ${NONE_ID}::uuid) AS job, count(*)::int AS n FROM cuts
          WHERE machine_id = ${machineId} GROUP BY 1`,
    );
    const rollups = await queryRows<{ job: string; n: number; empty: number }>(
      tx,
      sql`SELECT job_id AS job, sum(cuts)::int AS n, count(*) FILTER (WHERE cuts <= 0)::int AS empty
          FROM cut_rollups_hourly WHERE machine_id = ${machineId} GROUP BY 1`,
    );
    return {
      raw: Object.fromEntries(raw.map((row) => [row.job, row.n])),
      rollups: Object.fromEntries(rollups.map((row) => [row.job, row.n])),
      emptyRollups: rollups.reduce((sum, row) => sum + row.empty, 0),
    };
  });
}

async function reportRow(orderId: string) {
  const query = new URLSearchParams({
    startDate: ago(3 * 60 * MINUTE).toISOString(),
    endDate: new Date(Date.now() + MINUTE).toISOString(),
    page_size: '100',
  });
  const response = await call('GET', `/api/report/reports/cutting-jobs?${query}`, { tokens: manager });
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as { items: { id: string; startDate: string; endDate: string | null; cuts: number }[] }
  ).items.find((row) => row.id === orderId);
}

const expectTimeRefused = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'validation.INVALID_INPUT',
    details: { fields: [{ field: 'at', in: 'body', code: 'INVALID_VALUE' }] },
  });
};

beforeAll(async () => {
  t = await startTestApp();
  operator = await t.login('demo', 'operator');
  manager = await t.login('demo', 'manager');
  tenantId = tenantOf(operator);
  const view = (
    await call('GET', ps('/cutting-machines/operator-selection-view'))
  ).json() as OperatorMachine[];
  mine = view.map((m) => m.machineId);
  foreignOperator = await foreignOperatorOf(t, 'foreign-orders');
});
afterAll(() => t.close());

describe('an order recorded offline', () => {
  let orderId: string;
  let createdAt: string;
  let closedAt: string;
  const m = () => mine[0]!;

  it('created with `at` 10 minutes back starts then and takes the 5 cuts made since with no order', async () => {
    await call('PUT', ps('/users/self/current-machine'), { payload: { machineId: m() } });
    // two cuts before the order, five after the operator typed it in (offline)
    await cutAt(m(), [ago(15 * MINUTE), ago(14 * MINUTE)]);
    await cutAt(
      m(),
      [9, 7, 5, 3, 1].map((minutes) => ago(minutes * MINUTE)),
    );
    expect((await statusView(m())).currentJob).toBeNull();

    orderId = randomUUID();
    createdAt = ago(10 * MINUTE).toISOString();
    const payload = { id: orderId, machineId: m(), name: 'Flyer A5 offline', at: createdAt };
    const created = await call('POST', ps('/orders'), { payload });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id: orderId, state: 'OPEN', startDate: createdAt, cuts: 5 });

    expect((await statusView(m())).currentJob).toMatchObject({ id: orderId, startDate: createdAt, cuts: 5 });
    expect(await reportRow(orderId)).toMatchObject({ startDate: createdAt, endDate: null, cuts: 5 });
    expect(await bookedCuts(m())).toEqual({
      raw: { [NONE_ID]: 2, [orderId]: 5 },
      rollups: { [NONE_ID]: 2, [orderId]: 5 },
      emptyRollups: 0,
    });

    // a replay of the same order, even with another time, changes nothing
    for (const at of [createdAt, ago(12 * MINUTE).toISOString()]) {
      const replay = await call('POST', ps('/orders'), { payload: { ...payload, at } });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toMatchObject({ id: orderId, startDate: createdAt, cuts: 5 });
    }
    expect((await bookedCuts(m())).raw).toEqual({ [NONE_ID]: 2, [orderId]: 5 });

    // the next cut is booked to it as usual
    await cutAt(m(), [new Date()]);
    expect((await statusView(m())).currentJob).toMatchObject({ id: orderId, cuts: 6 });
  });

  it('closed with `at` ends then, and the cuts booked to it after go back to no order', async () => {
    closedAt = ago(4 * MINUTE).toISOString();
    const closed = await call('PUT', ps(`/orders/${orderId}/close`), { payload: { at: closedAt } });
    expect(closed.statusCode, closed.body).toBe(200);
    // the cuts of -9, -7 and -5 minutes stay; -3, -1 and the one of now go
    expect(closed.json()).toMatchObject({
      state: 'CLOSED',
      startDate: createdAt,
      endDate: closedAt,
      cuts: 3,
    });
    expect(await reportRow(orderId)).toMatchObject({ startDate: createdAt, endDate: closedAt, cuts: 3 });
    expect(await bookedCuts(m())).toEqual({
      raw: { [NONE_ID]: 5, [orderId]: 3 },
      rollups: { [NONE_ID]: 5, [orderId]: 3 },
      emptyRollups: 0,
    });
    expect((await statusView(m())).currentJob).toBeNull();

    // closing again (the replay of the queued close) changes nothing
    const again = await call('PUT', ps(`/orders/${orderId}/close`), {
      payload: { at: ago(MINUTE).toISOString() },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ endDate: closedAt, cuts: 3 });
  });

  it('created with `at` before the end of the last order starts at that end', async () => {
    const id = randomUUID();
    const created = await call('POST', ps('/orders'), {
      payload: { id, machineId: m(), name: 'Etiketten offline', at: ago(8 * MINUTE).toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    // it takes the three cuts since the first order ended, none of the first order's
    expect(created.json()).toMatchObject({ startDate: closedAt, cuts: 3 });
    expect(await bookedCuts(m())).toEqual({
      raw: { [NONE_ID]: 2, [orderId]: 3, [id]: 3 },
      rollups: { [NONE_ID]: 2, [orderId]: 3, [id]: 3 },
      emptyRollups: 0,
    });
    // closed without a body: now, as before
    const closed = await call('PUT', ps(`/orders/${id}/close`));
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'CLOSED', cuts: 3 });
    expect(Date.parse(closed.json().endDate)).toBeGreaterThan(Date.now() - MINUTE);
  });

  it('a planned order started with `at` starts then and takes the cuts made since with no order', async () => {
    const machine = mine[1]!;
    const planned = (await ordersOf(machine)).find((order) => order.state === 'PLANNED');
    expect(planned).toBeTruthy();
    await cutAt(machine, [ago(20 * MINUTE), ...[6, 4, 2, 1].map((minutes) => ago(minutes * MINUTE))]);
    const startedAt = ago(10 * MINUTE).toISOString();
    const started = await call('PUT', ps(`/orders/${planned!.id}/start`), { payload: { at: startedAt } });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ state: 'OPEN', startDate: startedAt, cuts: 4 });
    expect(await bookedCuts(machine)).toEqual({
      raw: { [NONE_ID]: 1, [planned!.id]: 4 },
      rollups: { [NONE_ID]: 1, [planned!.id]: 4 },
      emptyRollups: 0,
    });
    // starting it again changes nothing
    const again = await call('PUT', ps(`/orders/${planned!.id}/start`), {
      payload: { at: ago(15 * MINUTE).toISOString() },
    });
    expect(again.json()).toMatchObject({ startDate: startedAt, cuts: 4 });
    expect((await call('PUT', ps(`/orders/${planned!.id}/close`))).statusCode).toBe(200);
  });

  it('a planned order started without a body starts now, as before', async () => {
    const machine = mine[2]!;
    const planned = (await ordersOf(machine)).find((order) => order.state === 'PLANNED');
    expect(planned).toBeTruthy();
    await cutAt(machine, [ago(2 * MINUTE)]);
    const before = Date.now();
    const started = await call('PUT', ps(`/orders/${planned!.id}/start`));
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ state: 'OPEN', cuts: 0 });
    expect(Date.parse(started.json().startDate)).toBeGreaterThanOrEqual(before - 1000);
    expect((await call('PUT', ps(`/orders/${planned!.id}/close`))).statusCode).toBe(200);
  });
});

describe('the time of an order input', () => {
  const m = () => mine[0]!;

  it('refuses an `at` in the future or more than a day back with INVALID_INPUT on `at`, changing nothing', async () => {
    const future = new Date(Date.now() + 60 * MINUTE).toISOString();
    const tooOld = ago(25 * 60 * MINUTE).toISOString();
    for (const at of [future, tooOld]) {
      const id = randomUUID();
      expectTimeRefused(
        await call('POST', ps('/orders'), { payload: { id, machineId: m(), name: 'Too late', at } }),
      );
      expect((await ordersOf(m())).some((order) => order.id === id)).toBe(false);
    }
    expect((await statusView(m())).currentJob).toBeNull();

    const open = randomUUID();
    await call('POST', ps('/orders'), { payload: { id: open, machineId: m(), name: 'Kalender A3' } });
    for (const at of [future, tooOld])
      expectTimeRefused(await call('PUT', ps(`/orders/${open}/close`), { payload: { at } }));
    expect((await statusView(m())).currentJob?.id).toBe(open);
    expect((await call('PUT', ps(`/orders/${open}/close`))).statusCode).toBe(200);

    const planned = (await Promise.all(mine.map(ordersOf))).flat().find((order) => order.state === 'PLANNED');
    expect(planned).toBeTruthy();
    for (const at of [future, tooOld])
      expectTimeRefused(await call('PUT', ps(`/orders/${planned!.id}/start`), { payload: { at } }));
    expect((await ordersOf(planned!.machineId)).find((order) => order.id === planned!.id)?.state).toBe(
      'PLANNED',
    );

    // not a time at all: the schema's own error
    const malformed = await call('POST', ps('/orders'), {
      payload: { machineId: m(), name: 'Malformed', at: 'yesterday' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.fields[0]).toMatchObject({ field: 'at', code: 'INVALID_FORMAT' });
  });

  it("takes an `at` a few seconds ahead (the terminal's clock) as the server's now", async () => {
    const id = randomUUID();
    const created = await call('POST', ps('/orders'), {
      payload: { id, machineId: m(), name: 'Clock ahead', at: new Date(Date.now() + 20_000).toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(Date.parse(created.json().startDate)).toBeLessThanOrEqual(Date.now());
    expect((await call('PUT', ps(`/orders/${id}/close`))).statusCode).toBe(200);
  });

  it("keeps another tenant's operator away: its order ids stay not found, whatever the time", async () => {
    const id = randomUUID();
    await call('POST', ps('/orders'), { payload: { id, machineId: m(), name: 'Plakat A1' } });
    const asForeign = { tokens: foreignOperator };
    for (const at of [ago(MINUTE).toISOString(), new Date(Date.now() + 60 * MINUTE).toISOString()]) {
      for (const [method, url, payload] of [
        ['POST', ps('/orders'), { id, machineId: m(), name: 'Hijack', at }],
        ['POST', ps('/orders'), { machineId: m(), name: 'Hijack', at }],
        ['PUT', ps(`/orders/${id}/close`), { at }],
        ['PUT', ps(`/orders/${id}/start`), { at }],
      ] as const) {
        const response = await call(method, url, { ...asForeign, payload });
        expect(response.statusCode, `${method} ${url} ${at}`).toBe(404);
      }
    }
    const after = (await ordersOf(m()))[0];
    expect(after).toMatchObject({ id, state: 'OPEN', name: 'Plakat A1' });
    expect((await call('PUT', ps(`/orders/${id}/close`))).statusCode).toBe(200);
  });
});
