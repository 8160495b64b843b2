import { randomUUID } from 'node:crypto';
import { type MachineStatusView, machineTopics } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../test/harness';
import {
  connectMachine,
  cutEvents,
  machineIdsBySerial,
  provisionMachine,
  publishAndAwaitAcks,
  type TestMachine,
  tenantOf,
} from '../../test/machine-helpers';

let t: TestApp;
let machine: TestMachine;
let tokens: Awaited<ReturnType<TestApp['login']>>;

const statusView = async (machineId: string) => {
  const response = await t.request({
    method: 'GET',
    url: `/api/printing-shop/cutting-machines/${machineId}/status-view`,
    headers: bearer(tokens),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as MachineStatusView;
};

beforeAll(async () => {
  t = await startTestApp();
  tokens = await t.login('demo', 'manager');
  const ids = await machineIdsBySerial(t, tokens, ['PM-115-0001']);
  machine = await provisionMachine(t, tenantOf(tokens), ids['PM-115-0001']!);
});
afterAll(() => t.close());

describe('telemetry ingest', () => {
  it('stores every cut once, moves machine and knife counters with them, and acks only what it committed', async () => {
    const client = await connectMachine(t, machine);
    const boot = randomUUID();
    const knife = 'E2801160ABCDEF01';
    const events = [
      {
        type: 'knife-inserted' as const,
        seq: 1,
        at: new Date(Date.now() - 4000_000).toISOString(),
        rfid: knife,
      },
      {
        type: 'status' as const,
        seq: 2,
        at: new Date(Date.now() - 3900_000).toISOString(),
        status: 'RUNNING' as const,
      },
      ...cutEvents(1200, { startSeq: 3 }),
    ];
    await publishAndAwaitAcks(client, machine, events, { boot });
    let view = await statusView(machine.machineId);
    expect(view.totalCuts).toBe(1200);
    expect(view.status).toBe('RUNNING');
    expect(view.knife).toMatchObject({ rfid: knife, cutsSinceLastGrinding: 1200, totalCuts: 1200 });

    // Hourly rollups hold exactly the cuts, booked to the knife.
    const rollup = await t.app.kerf.transactions.withTenant(machine.tenantId, async (tx) => {
      const result = (await tx.execute(
        sql`SELECT sum(cuts)::int AS n, min(knife_rfid) AS knife FROM cut_rollups_hourly WHERE machine_id = ${machine.machineId}`,
      )) as unknown as { rows: { n: number; knife: string }[] };
      return result.rows[0];
    });
    expect(rollup).toEqual({ n: 1200, knife });

    // The same events again (an agent re-sending after a lost ack): acked again, stored once.
    const again = await publishAndAwaitAcks(client, machine, events, { boot, batch: 333 });
    expect(again.flatMap((ack) => ack.rejected ?? [])).toEqual([]);
    view = await statusView(machine.machineId);
    expect(view.totalCuts).toBe(1200);
    expect(view.knife?.cutsSinceLastGrinding).toBe(1200);
    await client.endAsync();
  });

  it('the operator sets a status through the same path, and it shows in the status view', async () => {
    const operator = await t.login('demo', 'operator');
    const setStatus = () =>
      t.request({
        method: 'PUT',
        url: `/api/printing-shop/cutting-machines/${machine.machineId}/status`,
        headers: bearer(operator),
        payload: { value: 'INTERRUPTION_PRINTING_MATERIAL_MISSING' },
      });
    // The status alone never makes the caller the machine's operator: choosing the machine does.
    const before = await setStatus();
    expect(before.statusCode).toBe(200);
    expect((before.json() as MachineStatusView).operator).toBeNull();
    await t.request({
      method: 'PUT',
      url: '/api/printing-shop/users/self/current-machine',
      headers: bearer(operator),
      payload: { machineId: machine.machineId },
    });
    const response = await t.request({
      method: 'PUT',
      url: `/api/printing-shop/cutting-machines/${machine.machineId}/status`,
      headers: bearer(operator),
      payload: { value: 'RUNNING' },
    });
    expect(response.statusCode).toBe(200);
    const view = response.json() as MachineStatusView;
    expect(view.status).toBe('RUNNING');
    expect(view.statusGroup).toBe('PRODUCING');
    expect(view.operator?.displayName).toBe('Jonas S.');
    // A manager may look but not operate.
    const refused = await t.request({
      method: 'PUT',
      url: `/api/printing-shop/cutting-machines/${machine.machineId}/status`,
      headers: bearer(tokens),
      payload: { value: 'RUNNING' },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request({
      method: 'PUT',
      url: `/api/printing-shop/cutting-machines/${machine.machineId}/status`,
      headers: bearer(operator),
      payload: { value: 'DANCING' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reports a machine ONLINE after its presence and a heartbeat, OFFLINE after its last will', async () => {
    const ids = await machineIdsBySerial(t, tokens, ['PM-115-0002']);
    const second = await provisionMachine(t, machine.tenantId, ids['PM-115-0002']!);
    const onlineStatus = async () => {
      const response = await t.request({
        method: 'GET',
        url: `/api/printing-shop/cutting-machines/online-status?machineIds=${second.machineId}`,
        headers: bearer(tokens),
      });
      return (response.json() as { onlineStatus: string }[])[0]?.onlineStatus;
    };
    expect(await onlineStatus()).toBe('UNKNOWN');
    const client = await connectMachine(t, second);
    const topics = machineTopics(second.tenantId, second.serial);
    await client.publishAsync(
      topics.presence,
      JSON.stringify({ state: 'ONLINE', at: new Date().toISOString() }),
      {
        qos: 1,
        retain: true,
      },
    );
    await publishAndAwaitAcks(client, second, [{ type: 'heartbeat', seq: 1, at: new Date().toISOString() }]);
    await expect.poll(onlineStatus).toBe('ONLINE');
    await client.publishAsync(
      topics.presence,
      JSON.stringify({ state: 'OFFLINE', at: new Date().toISOString() }),
      {
        qos: 1,
        retain: true,
      },
    );
    await expect.poll(onlineStatus).toBe('OFFLINE');
    await client.endAsync();
  });

  it('answers 404 for a machine of another tenant and 400 without ids', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/printing-shop/cutting-machines/${randomUUID()}/status-view`,
      headers: bearer(tokens),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('service.printing-shops.MACHINE_NOT_FOUND');
    const none = await t.request({
      method: 'GET',
      url: '/api/printing-shop/cutting-machines/online-status',
      headers: bearer(tokens),
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('repeats inside one batch', () => {
  it('stores each event once and counts it once: twice in one message, again in a later message of the batch, out of order', async () => {
    const boot = randomUUID();
    const at = (second: number) => new Date(Date.UTC(2026, 10, 20, 9, 0, second)).toISOString();
    const cut = (seq: number, second: number) => ({ type: 'cut' as const, seq, at: at(second) });
    const counts = () =>
      t.app.kerf.transactions.withTenant(machine.tenantId, async (tx) => {
        const result = (await tx.execute(sql`
          SELECT (SELECT count(*)::int FROM cuts WHERE machine_id = ${machine.machineId} AND boot_id = ${boot}) AS cuts,
                 (SELECT total_cuts::int FROM cutting_machines WHERE id = ${machine.machineId}) AS total,
                 (SELECT coalesce(sum(cuts), 0)::int FROM cut_rollups_hourly WHERE machine_id = ${machine.machineId}
                    AND hour = '2026-11-20T09:00:00Z') AS hourly`)) as unknown as {
          rows: { cuts: number; total: number; hourly: number }[];
        };
        return result.rows[0]!;
      });
    const before = await counts();
    const result = await t.app.kerf.telemetry.record(machine.tenantId, [
      { serial: machine.serial, boot, events: [cut(1, 1), cut(2, 2), cut(2, 2), cut(3, 3)] },
      // a later message of the same boot: one repeat out of order, one new, one seq again with
      // another time (a different event under the primary key, stored as its own)
      { serial: machine.serial, boot, events: [cut(1, 1), cut(4, 4), cut(3, 5)] },
    ]);
    expect(result.inserted.cuts).toBe(5);
    expect(result.acks).toEqual([{ serial: machine.serial, boot, ranges: [[1, 4]], rejected: [] }]);
    const after = await counts();
    expect(after.cuts - before.cuts).toBe(5);
    expect(after.total - before.total).toBe(5);
    expect(after.hourly - before.hourly).toBe(5);
    // the whole batch again: nothing new
    const again = await t.app.kerf.telemetry.record(machine.tenantId, [
      { serial: machine.serial, boot, events: [cut(4, 4), cut(3, 3), cut(3, 5), cut(2, 2), cut(1, 1)] },
    ]);
    expect(again.inserted.cuts).toBe(0);
    expect(await counts()).toEqual(after);
  });
});

describe('a batch of cuts only (one round trip)', () => {
  it('books each cut to the machine’s knife, operator and order as they stand, and refuses an unknown machine’s', async () => {
    const boot = randomUUID();
    const knife = 'E2801160C0FFEE01';
    const named = 'E2801160C0FFEE02';
    // after the knife of the first test went in: the later knife event changes the machine's knife
    const start = Date.now() - 60_000;
    const at = (second: number) => new Date(start + second * 1000).toISOString();
    const query = <T>(statement: ReturnType<typeof sql>) =>
      t.app.kerf.transactions.withTenant(machine.tenantId, async (tx) => {
        const result = (await tx.execute(statement)) as unknown as { rows: T[] };
        return result.rows;
      });
    // the knife goes in through the general path (a knife event), the operator and the order are set
    await t.app.kerf.telemetry.record(machine.tenantId, [
      { serial: machine.serial, boot, events: [{ type: 'knife-inserted', seq: 1, at: at(0), rfid: knife }] },
    ]);
    const [operator] = await query<{ id: string }>(
      sql`SELECT id FROM users WHERE role = 'PRINTING_SHOP_OPERATOR' ORDER BY username LIMIT 1`,
    );
    const [job] = await query<{ id: string }>(
      sql`INSERT INTO cutting_jobs (tenant_id, machine_id, name) VALUES (${machine.tenantId}, ${machine.machineId}, ${'Flyer A5'}) RETURNING id`,
    );
    await query(
      sql`UPDATE cutting_machines SET current_operator_id = ${operator!.id}, current_job_id = ${job!.id} WHERE id = ${machine.machineId}`,
    );
    try {
      const result = await t.app.kerf.telemetry.record(machine.tenantId, [
        {
          serial: machine.serial,
          boot,
          events: [
            { type: 'cut', seq: 2, at: at(1) },
            { type: 'cut', seq: 3, at: at(2), knifeRfid: named },
            { type: 'cut', seq: 4, at: at(3) },
          ],
        },
        { serial: 'PM-UNKNOWN-0001', boot, events: [{ type: 'cut', seq: 1, at: at(1) }] },
      ]);
      expect(result.inserted).toEqual({ cuts: 3, statuses: 0, knifeScans: 0 });
      expect(result.acks).toEqual([
        { serial: machine.serial, boot, ranges: [[2, 4]], rejected: [] },
        { serial: 'PM-UNKNOWN-0001', boot, ranges: [], rejected: [[1, 1]] },
      ]);
      const cuts = await query<{ seq: number; knife: string; operator: string; job: string }>(
        sql`SELECT seq::int, knife_rfid AS knife, operator_id AS operator, job_id AS job
            FROM cuts WHERE machine_id = ${machine.machineId} AND boot_id = ${boot} ORDER BY seq`,
      );
      expect(cuts).toEqual([
        { seq: 2, knife, operator: operator!.id, job: job!.id },
        { seq: 3, knife: named, operator: operator!.id, job: job!.id },
        { seq: 4, knife, operator: operator!.id, job: job!.id },
      ]);
      const [counts] = await query<{ job: number; knife: number; named: number }>(
        sql`SELECT (SELECT cuts::int FROM cutting_jobs WHERE id = ${job!.id}) AS job,
                   (SELECT cuts_since_last_grinding::int FROM knives WHERE rfid = ${knife}) AS knife,
                   (SELECT cuts_since_last_grinding::int FROM knives WHERE rfid = ${named}) AS named`,
      );
      expect(counts).toEqual({ job: 3, knife: 2, named: 1 });
    } finally {
      await query(
        sql`UPDATE cutting_machines SET current_operator_id = NULL, current_job_id = NULL WHERE id = ${machine.machineId}`,
      );
    }
  });
});
