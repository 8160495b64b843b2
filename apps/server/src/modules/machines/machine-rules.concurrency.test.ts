import { randomUUID } from 'node:crypto';
import {
  type MachineStatus,
  type MachineStatusView,
  type OperatorMachine,
  statusTransition,
  type TokenPair,
} from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { tenantOf } from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';

/**
 * The rules the server enforces hold when two requests arrive at once (issue "One truth per
 * machine"): the status transition and one open order per machine are checked where the machine's
 * row is locked, so of two conflicting requests exactly one is accepted and the other gets its 409,
 * and the stored history never holds a transition the rules refuse. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL, where the two transactions really run side by side.
 */
const ROUNDS = 200;
/** 200 rounds take 10–30 s on PGlite on a busy runner */
const TIMEOUT_MS = 180_000;

let t: TestApp;
let operator: TokenPair;
let colleague: TokenPair;
let tenantId: string;
let machines: string[];

const ps = (path: string) => `/api/printing-shop${path}`;
const setStatus = (machineId: string, value: MachineStatus, tokens = operator) =>
  t.request({
    method: 'PUT',
    url: ps(`/cutting-machines/${machineId}/status`),
    headers: { ...bearer(tokens), 'idempotency-key': randomUUID() },
    payload: { value },
  });

async function operatorIntervals(machineId: string) {
  return t.app.kerf.transactions.withTenant(tenantId, (tx) =>
    queryRows<{ status: MachineStatus }>(
      tx,
      sql`SELECT status FROM machine_status_intervals
          WHERE machine_id = ${machineId} AND source = 'OPERATOR' ORDER BY started_at, id`,
    ),
  );
}

/** Every step of the machine's stored history is one the rule allows. */
async function expectLawfulHistory(machineId: string) {
  const intervals = await operatorIntervals(machineId);
  const refused = intervals.flatMap((interval, i) =>
    i > 0 && statusTransition(intervals[i - 1]!.status, interval.status) !== 'ALLOWED'
      ? [`${intervals[i - 1]!.status} → ${interval.status}`]
      : [],
  );
  expect(refused).toEqual([]);
  return intervals.length;
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await t.login('demo', 'operator');
  // the same operator on a second terminal (or a double tap over a flaky network)
  colleague = await t.login('demo', 'operator');
  tenantId = tenantOf(operator);
  const selection = await t.request({
    method: 'GET',
    url: ps('/cutting-machines/operator-selection-view'),
    headers: bearer(operator),
  });
  machines = (selection.json() as OperatorMachine[]).map((machine) => machine.machineId);
});
afterAll(() => t.close());

describe('machine rules under concurrency', () => {
  it(
    `accepts exactly one of an interruption and a support time sent at once, ${ROUNDS} times`,
    async () => {
      const machineId = machines[0]!;
      let stored = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const reset = await setStatus(machineId, 'RUNNING');
        expect([200, 409]).toContain(reset.statusCode);
        const answers = await Promise.all([
          setStatus(machineId, 'INTERRUPTION_PRINTING_MATERIAL_MISSING'),
          setStatus(machineId, 'SUPPORT_CUTTING_MACHINE_CLEANING', colleague),
        ]);
        const codes = answers.map((answer) => answer.statusCode).sort();
        expect(codes).toEqual([200, 409]);
        const refusal = answers.find((answer) => answer.statusCode === 409)!;
        expect(refusal.json()).toMatchObject({
          code: 'service.printing-shops.MACHINE_STATUS_TRANSITION_NOT_ALLOWED',
        });
        // the accepted one's answer is the machine's view with its status
        const accepted = answers.find((answer) => answer.statusCode === 200)!.json() as MachineStatusView;
        expect(['INTERRUPTION', 'SUPPORT']).toContain(accepted.statusGroup);
        stored += 2;
      }
      expect(await expectLawfulHistory(machineId)).toBeGreaterThanOrEqual(stored);
    },
    TIMEOUT_MS,
  );

  it(
    `orders two different interruptions sent at once one after the other, ${ROUNDS} times`,
    async () => {
      const machineId = machines[1]!;
      for (let round = 0; round < ROUNDS; round++) {
        await setStatus(machineId, 'RUNNING');
        const answers = await Promise.all([
          setStatus(machineId, 'INTERRUPTION_PRINTING_MATERIAL_MISSING'),
          setStatus(machineId, 'INTERRUPTION_PRINTING_MATERIAL_FAULTY', colleague),
        ]);
        // The second corrects the reason of the first (a change within the group is allowed), so
        // both are accepted — in the order the machine's lock gave them, never both from RUNNING.
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        // each answer is the view as it stood after its commit: an interruption, whichever came last
        for (const answer of answers)
          expect((answer.json() as MachineStatusView).statusGroup).toBe('INTERRUPTION');
      }
      const intervals = await operatorIntervals(machineId);
      expect(intervals.length).toBe(3 * ROUNDS);
      await expectLawfulHistory(machineId);
    },
    TIMEOUT_MS,
  );

  it(
    `refuses the same status sent twice at once as unchanged, ${ROUNDS} times`,
    async () => {
      const machineId = machines[2]!;
      for (let round = 0; round < ROUNDS; round++) {
        await setStatus(machineId, 'PAUSED');
        const answers = await Promise.all([
          setStatus(machineId, 'BREAK'),
          setStatus(machineId, 'BREAK', colleague),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
          code: 'service.printing-shops.MACHINE_STATUS_UNCHANGED',
        });
      }
      await expectLawfulHistory(machineId);
    },
    TIMEOUT_MS,
  );

  it(
    `opens exactly one of two orders created at once on a machine, ${ROUNDS} times`,
    async () => {
      const machineId = machines[0]!;
      const create = (name: string, tokens: TokenPair) =>
        t.request({
          method: 'POST',
          url: ps('/orders'),
          headers: bearer(tokens),
          payload: { id: randomUUID(), machineId, name },
        });
      for (let round = 0; round < ROUNDS; round++) {
        const answers = await Promise.all([create(`A ${round}`, operator), create(`B ${round}`, colleague)]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
          code: 'service.printing-shops.MACHINE_HAS_OPEN_ORDER',
        });
        const order = answers.find((answer) => answer.statusCode === 201)!.json() as { id: string };
        const closed = await t.request({
          method: 'PUT',
          url: ps(`/orders/${order.id}/close`),
          headers: bearer(operator),
        });
        expect(closed.json()).toMatchObject({ id: order.id, state: 'CLOSED' });
      }
      const open = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM cutting_jobs WHERE machine_id = ${machineId} AND state = 'OPEN'`,
        ),
      );
      expect(open[0]!.n).toBe(0);
    },
    TIMEOUT_MS,
  );

  it('takes the same order twice at once (one client id) as one order', async () => {
    const machineId = machines[1]!;
    const payload = { id: randomUUID(), machineId, name: 'Replayed' };
    const answers = await Promise.all(
      [operator, operator].map((tokens) =>
        t.request({ method: 'POST', url: ps('/orders'), headers: bearer(tokens), payload }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
  });
});

describe('the machine view tells the truth', () => {
  it('an operator status neither makes the machine look online nor brings back a released operator', async () => {
    const machineId = machines[2]!;
    const select = await t.request({
      method: 'PUT',
      url: ps('/users/self/current-machine'),
      headers: bearer(operator),
      payload: { machineId },
    });
    expect(select.statusCode).toBe(200);
    const release = await t.request({
      method: 'DELETE',
      url: ps(`/users/self/current-machine/${machineId}`),
      headers: bearer(operator),
    });
    expect(release.statusCode).toBe(204);
    const answer = await setStatus(machineId, 'RUNNING');
    expect(answer.statusCode).toBe(200);
    const view = answer.json() as MachineStatusView;
    expect(view).toMatchObject({ status: 'RUNNING', statusGroup: 'PRODUCING', operator: null });
    // no agent has ever spoken for this machine: its connection is unknown, not ONLINE
    expect(view.onlineStatus).toBe('UNKNOWN');
    expect(view.lastSeenAt).toBeNull();
  });

  it("a changed knife swap interval reaches the machine's view with a new revision", async () => {
    const admin = await t.login('demo', 'admin');
    const machineId = machines[0]!;
    const view = async () =>
      (
        await t.request({
          method: 'GET',
          url: ps(`/cutting-machines/${machineId}/status-view`),
          headers: bearer(admin),
        })
      ).json() as MachineStatusView;
    const before = await view();
    const set = await t.request({
      method: 'PUT',
      url: ps(`/config-options/scope/MACHINE/type/KNIFE_SWAP_INTERVAL/object/${machineId}`),
      headers: bearer(admin),
      payload: { value: 1234 },
    });
    expect(set.statusCode).toBe(200);
    const after = await view();
    expect(after.revision).toBeGreaterThan(before.revision);
  });
});
