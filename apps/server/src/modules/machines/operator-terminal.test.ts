import { randomUUID } from 'node:crypto';
import type { MachineStatusView, OperatorMachine, Order, TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import {
  foreignOperator as foreignOperatorOf,
  machineIdsBySerial,
  tenantOf,
} from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';
import { DEMO_MACHINE_SERIALS } from './index';

let t: TestApp;
let operator: TokenPair;
let manager: TokenPair;
let admin: TokenPair;
let foreignOperator: TokenPair;
let operatorWithoutLocation: TokenPair;
let tenantId: string;
/** machines at the demo operator's location, and one at the shop's other location */
let mine: string[];
let otherShopMachine: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  options: { payload?: object; tokens?: TokenPair; headers?: Record<string, string> } = {},
) =>
  t.request({
    method,
    url,
    headers: { ...bearer(options.tokens ?? operator), ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
const ps = (path: string) => `/api/printing-shop${path}`;
const rp = (path: string) => `/api/report${path}`;
const setStatus = (
  machineId: string,
  value: string,
  options: { key?: string; at?: string; tokens?: TokenPair } = {},
) =>
  call('PUT', ps(`/cutting-machines/${machineId}/status`), {
    payload: { value, ...(options.at ? { at: options.at } : {}) },
    tokens: options.tokens,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
const statusView = async (machineId: string) =>
  (
    await call('GET', ps(`/cutting-machines/${machineId}/status-view`), { tokens: manager })
  ).json() as MachineStatusView;

async function intervalsOf(machineId: string) {
  return t.app.kerf.transactions.withTenant(tenantId, (tx) =>
    queryRows<{ status: string; operatorId: string | null }>(
      tx,
      sql`SELECT status, operator_id AS "operatorId" FROM machine_status_intervals WHERE machine_id = ${machineId} ORDER BY started_at, id`,
    ),
  );
}

async function cut(machineId: string, count: number) {
  const serial = (await statusView(machineId)).serialNumber;
  const now = Date.now();
  await t.app.kerf.telemetry.record(tenantId, [
    {
      serial,
      boot: randomUUID(),
      events: Array.from({ length: count }, (_, i) => ({
        type: 'cut' as const,
        seq: i + 1,
        at: new Date(now - (count - i) * 100).toISOString(),
      })),
    },
  ]);
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await t.login('demo', 'operator');
  manager = await t.login('demo', 'manager');
  admin = await t.login('demo', 'admin');
  tenantId = tenantOf(operator);
  const view = (
    await call('GET', ps('/cutting-machines/operator-selection-view'))
  ).json() as OperatorMachine[];
  mine = view.map((m) => m.machineId);
  const all = Object.values(await machineIdsBySerial(t, admin, [...DEMO_MACHINE_SERIALS]));
  otherShopMachine = all.find((id) => !mine.includes(id))!;
  // the foreign operator works at a location of their own shop (one without machines)
  foreignOperator = await foreignOperatorOf(t, 'foreign-shop');
  const lost = await t.addUsers(tenantId, [{ username: 'no-location', role: 'PRINTING_SHOP_OPERATOR' }]);
  expect(lost['no-location']).toBeTruthy();
  operatorWithoutLocation = await t.login('demo', 'no-location');
});
afterAll(() => t.close());

describe('machine selection', () => {
  it("lists the active machines of the operator's location, none of the other location", async () => {
    const response = await call('GET', ps('/cutting-machines/operator-selection-view'));
    expect(response.statusCode).toBe(200);
    const machines = response.json() as OperatorMachine[];
    expect(machines.length).toBe(3);
    expect(machines.every((m) => m.isCurrent === false && m.locationName)).toBe(true);
    expect(mine).not.toContain(otherShopMachine);
    expect(otherShopMachine).toBeTruthy();
  });

  it('selects a machine (releasing the previous one) and releases it', async () => {
    const first = await call('PUT', ps('/users/self/current-machine'), { payload: { machineId: mine[0] } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      machineId: mine[0],
      isCurrent: true,
      operator: { displayName: 'Jonas S.' },
    });
    await call('PUT', ps('/users/self/current-machine'), { payload: { machineId: mine[1] } });
    const view = (
      await call('GET', ps('/cutting-machines/operator-selection-view'))
    ).json() as OperatorMachine[];
    expect(view.filter((m) => m.isCurrent).map((m) => m.machineId)).toEqual([mine[1]]);
    expect((await statusView(mine[1]!)).operator?.displayName).toBe('Jonas S.');
    expect((await statusView(mine[0]!)).operator).toBeNull();

    const released = await call('DELETE', ps(`/users/self/current-machine/${mine[1]}`));
    expect(released.statusCode).toBe(204);
    expect((await statusView(mine[1]!)).operator).toBeNull();
    // releasing again changes nothing
    expect((await call('DELETE', ps(`/users/self/current-machine/${mine[1]}`))).statusCode).toBe(204);
  });

  it("refuses another location's machine and another tenant's, and the manager (no machine:operate)", async () => {
    const other = await call('PUT', ps('/users/self/current-machine'), {
      payload: { machineId: otherShopMachine },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('service.printing-shops.MACHINE_NOT_FOUND');
    const foreign = await call('PUT', ps('/users/self/current-machine'), {
      payload: { machineId: mine[0] },
      tokens: foreignOperator,
    });
    expect(foreign.json().code).toBe('service.printing-shops.MACHINE_NOT_FOUND');
    expect(
      (
        await call('GET', ps('/cutting-machines/operator-selection-view'), { tokens: foreignOperator })
      ).json(),
    ).toEqual([]);
    expect(
      (await call('DELETE', ps(`/users/self/current-machine/${mine[0]}`), { tokens: foreignOperator }))
        .statusCode,
    ).toBe(404);
    const byManager = await call('PUT', ps('/users/self/current-machine'), {
      payload: { machineId: mine[0] },
      tokens: manager,
    });
    expect(byManager.statusCode).toBe(403);
  });

  it('answers USER_HAS_NO_LOCATION to an operator without a location, not an empty list', async () => {
    const view = await call('GET', ps('/cutting-machines/operator-selection-view'), {
      tokens: operatorWithoutLocation,
    });
    expect(view.statusCode).toBe(409);
    expect(view.json().code).toBe('service.printing-shops.USER_HAS_NO_LOCATION');
    const select = await call('PUT', ps('/users/self/current-machine'), {
      payload: { machineId: mine[0] },
      tokens: operatorWithoutLocation,
    });
    expect(select.statusCode).toBe(409);
    expect(select.json().code).toBe('service.printing-shops.USER_HAS_NO_LOCATION');
  });
});

describe('status transitions', () => {
  it('runs through interruption, support time, break, knife swap and calibration', async () => {
    const m = mine[2]!;
    for (const [status, expected] of [
      ['RUNNING', 200],
      ['INTERRUPTION_PRINTING_MATERIAL_MISPRINT', 200],
      // a reason corrected within the group
      ['INTERRUPTION_PRINTING_MATERIAL_MISSING', 200],
      ['RUNNING', 200],
      ['SUPPORT_CUTTING_MACHINE_CLEANING', 200],
      ['PAUSED', 200],
      ['BREAK', 200],
      ['RUNNING', 200],
      ['KNIFE_SWAP', 200],
      ['KNIFE_CALIBRATION', 200],
      ['RUNNING', 200],
    ] as const) {
      const response = await setStatus(m, status);
      expect(response.statusCode, status).toBe(expected);
      expect((response.json() as MachineStatusView).status).toBe(status);
    }
    expect((await intervalsOf(m)).map((i) => i.status)).toHaveLength(11);
  });

  it('refuses the same status and an activity turning into another without being ended', async () => {
    const m = mine[2]!;
    const same = await setStatus(m, 'RUNNING');
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('service.printing-shops.MACHINE_STATUS_UNCHANGED');
    expect((await setStatus(m, 'INTERRUPTION_PRINTING_WASTE_DISPOSAL')).statusCode).toBe(200);
    for (const next of ['SUPPORT_CUTTING_MACHINE_MAINTENANCE', 'BREAK', 'KNIFE_SWAP']) {
      const refused = await setStatus(m, next);
      expect(refused.statusCode, next).toBe(409);
      expect(refused.json().code).toBe('service.printing-shops.MACHINE_STATUS_TRANSITION_NOT_ALLOWED');
    }
    expect((await setStatus(m, 'BREAK', {})).statusCode).toBe(409);
    expect((await setStatus(m, 'RUNNING')).statusCode).toBe(200);
    const bad = await setStatus(m, 'DANCING');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation.INVALID_INPUT');
  });

  it('applies a replayed idempotency key once and answers it like the first time', async () => {
    const m = mine[1]!;
    const before = (await intervalsOf(m)).length;
    const key = randomUUID();
    const at = new Date(Date.now() - 5000).toISOString();
    const first = await setStatus(m, 'SUPPORT_PRINTING_MATERIAL_LOGISTICS', { key, at });
    expect(first.statusCode).toBe(200);
    const replay = await setStatus(m, 'SUPPORT_PRINTING_MATERIAL_LOGISTICS', { key, at });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().status).toBe('SUPPORT_PRINTING_MATERIAL_LOGISTICS');
    expect((await intervalsOf(m)).length).toBe(before + 1);
    // the offline time is kept
    expect(Date.parse((await statusView(m)).statusSince!)).toBe(Date.parse(at));
    // a new key for the same status is a new request: unchanged
    expect(
      (await setStatus(m, 'SUPPORT_PRINTING_MATERIAL_LOGISTICS', { key: randomUUID() })).statusCode,
    ).toBe(409);
    expect((await setStatus(m, 'RUNNING', { key: randomUUID() })).statusCode).toBe(200);
    expect((await setStatus(m, 'RUNNING', { key: 'not-a-uuid' })).statusCode).toBe(400);
    // an input dated before the status it follows (the terminal's clock is behind) follows it all the same
    const early = await setStatus(m, 'BREAK', {
      key: randomUUID(),
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(early.json().status).toBe('BREAK');
    expect((await setStatus(m, 'RUNNING')).statusCode).toBe(200);
  });

  it("refuses another location's machine and another tenant's", async () => {
    const other = await setStatus(otherShopMachine, 'BREAK');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('service.printing-shops.MACHINE_NOT_FOUND');
    const foreign = await setStatus(mine[0]!, 'BREAK', { tokens: foreignOperator });
    expect(foreign.statusCode).toBe(404);
    expect((await statusView(mine[0]!)).status).not.toBe('BREAK');
  });
});

describe('orders, cuts and partial jobs', () => {
  let orderId: string;
  const m = () => mine[0]!;

  it('requires an order name of 3 to 80 characters', async () => {
    for (const name of ['', '  ', 'ab', 'x'.repeat(81)]) {
      const response = await call('POST', ps('/orders'), { payload: { machineId: m(), name } });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().details.fields[0]).toMatchObject({ field: 'name' });
    }
  });

  it('creates an order once per client id; the machine books its cuts to the order and the operator', async () => {
    await call('PUT', ps('/users/self/current-machine'), { payload: { machineId: m() } });
    orderId = randomUUID();
    const payload = {
      id: orderId,
      machineId: m(),
      name: 'Flyer A5 – Bäckerei',
      orderNumber: 'AU-1',
      programNumber: '',
    };
    const created = await call('POST', ps('/orders'), { payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: orderId,
      state: 'OPEN',
      programNumber: null,
      createdBy: { displayName: 'Jonas S.' },
    });
    const replay = await call('POST', ps('/orders'), { payload });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(orderId);
    const second = await call('POST', ps('/orders'), { payload: { machineId: m(), name: 'Another order' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('service.printing-shops.MACHINE_HAS_OPEN_ORDER');

    await cut(m(), 7);
    const view = await statusView(m());
    expect(view.currentJob).toMatchObject({ id: orderId, name: 'Flyer A5 – Bäckerei', cuts: 7 });
    const booked = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ operatorId: string; n: number }>(
        tx,
        sql`SELECT operator_id AS "operatorId", count(*)::int AS n FROM cuts WHERE job_id = ${orderId} GROUP BY operator_id`,
      ),
    );
    expect(booked).toEqual([{ operatorId: view.operator!.id, n: 7 }]);
  });

  it('edits an open order and lists the open one first', async () => {
    const edited = await call('PUT', ps(`/orders/${orderId}`), {
      payload: { name: 'Flyer A5 4/4 – Bäckerei', orderNumber: 'AU-2', programNumber: 'P-7' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Flyer A5 4/4 – Bäckerei',
      orderNumber: 'AU-2',
      programNumber: 'P-7',
    });
    const list = (await call('GET', ps(`/cutting-machines/${m()}/orders`))).json() as Order[];
    expect(list[0]).toMatchObject({ id: orderId, state: 'OPEN', cuts: 7 });
  });

  it('splits the open order into a partial job, renames it only before its first cut, ends it now', async () => {
    const partial = await call('POST', rp('/cutting-jobs/partial-jobs'), {
      payload: { newJobName: 'Flyer A5 Teil 2' },
    });
    expect(partial.statusCode).toBe(201);
    const job = partial.json() as Order;
    expect(job).toMatchObject({
      parentJobId: orderId,
      orderNumber: 'AU-2',
      programNumber: 'P-7',
      state: 'OPEN',
      cuts: 0,
    });
    const parent = (await call('GET', ps(`/cutting-machines/${m()}/orders`))).json() as Order[];
    expect(parent.find((o) => o.id === orderId)).toMatchObject({ state: 'CLOSED', cuts: 7 });

    const allowed = await call('GET', rp(`/cutting-jobs/partial-jobs/${job.id}/is-name-editing-allowed`));
    expect(allowed.json()).toEqual({ allowed: true });
    const renamed = await call('PUT', rp(`/cutting-jobs/partial-jobs/${job.id}/name`), {
      payload: { value: 'Flyer A5 Rest' },
    });
    expect(renamed.json().name).toBe('Flyer A5 Rest');
    await cut(m(), 3);
    expect(
      (await call('GET', rp(`/cutting-jobs/partial-jobs/${job.id}/is-name-editing-allowed`))).json(),
    ).toEqual({
      allowed: false,
    });
    const refused = await call('PUT', rp(`/cutting-jobs/partial-jobs/${job.id}/name`), {
      payload: { value: 'Other' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('service.printing-shops.ORDER_NAME_EDITING_NOT_ALLOWED');

    const ended = await call('PUT', rp(`/cutting-jobs/partial-jobs/${job.id}/end-now`));
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'CLOSED', cuts: 3 });
    expect((await statusView(m())).currentJob).toBeNull();
    // nothing open any more to split
    const none = await call('POST', rp('/cutting-jobs/partial-jobs'), {
      payload: { newJobName: 'Nothing open', machineId: m() },
    });
    expect(none.json().code).toBe('service.printing-shops.MACHINE_HAS_NO_OPEN_ORDER');
  });

  it('closes an order with its times, refuses editing it after, and deletes an open one as cancelled', async () => {
    const id = randomUUID();
    await call('POST', ps('/orders'), { payload: { id, machineId: m(), name: 'Etiketten 60×40' } });
    await setStatus(m(), 'RUNNING');
    await setStatus(m(), 'INTERRUPTION_PRINTING_MATERIAL_FAULTY');
    await setStatus(m(), 'RUNNING');
    await cut(m(), 2);
    const closed = await call('PUT', ps(`/orders/${id}/close`));
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'CLOSED', cuts: 2 });
    expect((await call('PUT', ps(`/orders/${id}/close`))).statusCode).toBe(200);
    const edit = await call('PUT', ps(`/orders/${id}`), { payload: { name: 'Too late' } });
    expect(edit.json().code).toBe('service.printing-shops.ORDER_NOT_OPEN');
    expect((await call('DELETE', ps(`/orders/${id}`))).json().code).toBe(
      'service.printing-shops.ORDER_NOT_OPEN',
    );

    const doomed = randomUUID();
    await call('POST', ps('/orders'), { payload: { id: doomed, machineId: m(), name: 'Test print' } });
    expect((await call('DELETE', ps(`/orders/${doomed}`))).statusCode).toBe(204);
    const list = (await call('GET', ps(`/cutting-machines/${m()}/orders`))).json() as Order[];
    expect(list.find((o) => o.id === doomed)?.state).toBe('CANCELLED');
    expect((await statusView(m())).currentJob).toBeNull();
    expect((await call('PUT', ps(`/orders/${randomUUID()}/close`))).statusCode).toBe(404);
  });

  it("keeps another location's and another tenant's operators away from the orders", async () => {
    const id = randomUUID();
    await call('POST', ps('/orders'), { payload: { id, machineId: m(), name: 'Kalender A3' } });
    const otherShop = await call('POST', ps('/orders'), {
      payload: { machineId: otherShopMachine, name: 'Elsewhere' },
    });
    expect(otherShop.json().code).toBe('service.printing-shops.MACHINE_NOT_FOUND');
    expect((await call('GET', ps(`/cutting-machines/${otherShopMachine}/orders`))).statusCode).toBe(404);
    const asForeign = { tokens: foreignOperator };
    expect((await call('GET', ps(`/cutting-machines/${m()}/orders`), asForeign)).statusCode).toBe(404);
    for (const [method, url, payload] of [
      ['POST', ps('/orders'), { machineId: m(), name: 'Hijack' }],
      ['POST', ps('/orders'), { id, machineId: m(), name: 'Hijack' }],
      ['PUT', ps(`/orders/${id}`), { name: 'Hijack' }],
      ['PUT', ps(`/orders/${id}/close`), undefined],
      ['DELETE', ps(`/orders/${id}`), undefined],
      ['POST', rp('/cutting-jobs/partial-jobs'), { newJobName: 'Hijack', machineId: m() }],
      ['GET', rp(`/cutting-jobs/partial-jobs/${id}/is-name-editing-allowed`), undefined],
      ['PUT', rp(`/cutting-jobs/partial-jobs/${id}/name`), { value: 'Hijack' }],
      ['PUT', rp(`/cutting-jobs/partial-jobs/${id}/end-now`), undefined],
    ] as const) {
      const response = await call(method, url, { ...asForeign, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const after = (await call('GET', ps(`/cutting-machines/${m()}/orders`))).json() as Order[];
    expect(after[0]).toMatchObject({ id, name: 'Kalender A3', state: 'OPEN' });
    // the foreign operator has no current machine to split either
    const noMachine = await call('POST', rp('/cutting-jobs/partial-jobs'), {
      payload: { newJobName: 'Nothing' },
      ...asForeign,
    });
    expect(noMachine.json().code).toBe('service.printing-shops.NO_CURRENT_MACHINE');
  });
});
