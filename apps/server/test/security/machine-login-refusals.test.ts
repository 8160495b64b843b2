import type { SetupCheckRun, TokenPair } from '@kerf/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../harness';
import { connectMachine, machineIdsBySerial, provisionMachine, tenantOf } from '../machine-helpers';

/**
 * Issue 31, item 3: a stranger who knows a machine's MQTT username (it is `{tenant}.{serial}`) and
 * sends one CONNECT with a wrong password must not fail the machine's setup checks. Before, the
 * credential was marked refused and every check showed CREDENTIAL_REFUSED until the machine
 * reconnected. Refused logins are now counted by address and shown as such.
 */
let t: TestApp;
let admin: TokenPair;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
});
afterAll(() => t.close());

const apiKey = (run: SetupCheckRun) => run.checks.find((c) => c.check === 'API_KEY')!;

describe('refused machine logins (issue 31, item 3)', () => {
  it('wrong-password CONNECTs change nothing of the machine: its checks stay green, the refusals are counted by address', async () => {
    const ids = await machineIdsBySerial(t, admin, ['PM-115-0001']);
    const machine = await provisionMachine(t, tenantOf(admin), ids['PM-115-0001']!);
    const runs = `/api/printing-shop/cutting-machines/${machine.machineId}/setup-checks`;
    const get = async (id: string) =>
      (
        await t.request({ method: 'GET', url: `${runs}/${id}`, headers: bearer(admin) })
      ).json() as SetupCheckRun;
    const open = (
      await t.request({ method: 'POST', url: runs, headers: bearer(admin) })
    ).json() as SetupCheckRun;
    expect(open.state).toBe('RUNNING');
    expect(apiKey(open)).toMatchObject({ state: 'SUCCESS', advice: null });

    // A stranger tries three times.
    for (let i = 0; i < 3; i += 1) {
      await expect(
        connectMachine(
          t,
          { username: machine.username, password: `guess-${i}` },
          { clientId: `stranger-${i}` },
        ),
      ).rejects.toThrow();
    }
    let latest = open;
    const until = Date.now() + 3000;
    while ((apiKey(latest).detail.refusedLogins?.[0]?.count ?? 0) < 3 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      latest = await get(open.id);
    }
    // the open run goes on; the key check stays green and names the refusals as such
    expect(latest.state).toBe('RUNNING');
    expect(latest.finishedAt).toBeNull();
    expect(apiKey(latest)).toMatchObject({
      state: 'SUCCESS',
      advice: null,
      detail: { refusedLogins: [{ address: '127.0.0.1', count: 3 }] },
    });
    expect(latest.checks.filter((c) => c.advice === 'CREDENTIAL_REFUSED')).toEqual([]);

    // a new run is not cut short either
    const next = (
      await t.request({ method: 'POST', url: runs, headers: bearer(admin) })
    ).json() as SetupCheckRun;
    expect(next.state).toBe('RUNNING');
    expect(apiKey(next)).toMatchObject({ state: 'SUCCESS', detail: { refusedLogins: [{ count: 3 }] } });

    // the doctor's HTTPS report with a wrong key: refused, and counted under the caller's address
    const report = await t.request({
      method: 'POST',
      url: '/api/printing-shop/site-manager/doctor-reports',
      remoteAddress: '10.0.0.7',
      headers: {
        authorization: `Basic ${Buffer.from(`${machine.username}:wrong`).toString('base64')}`,
      },
      payload: {
        runId: next.id,
        sentAt: new Date().toISOString(),
        checks: [{ check: 'DNS_ENTRY', state: 'SUCCESS', advice: null, detail: {} }],
      },
    });
    expect(report.statusCode).toBe(401);
    // the open run hears of it right after the answer
    let counted = apiKey(await get(next.id)).detail.refusedLogins ?? [];
    const reportedUntil = Date.now() + 3000;
    while (!counted.some((r) => r.address === '10.0.0.7') && Date.now() < reportedUntil) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      counted = apiKey(await get(next.id)).detail.refusedLogins ?? [];
    }
    expect(counted).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ address: '127.0.0.1', count: 3 }),
        expect.objectContaining({ address: '10.0.0.7', count: 1 }),
      ]),
    );
    expect((await get(next.id)).state).toBe('RUNNING');

    // the machine itself still connects with its key, as if nothing had happened
    const client = await connectMachine(t, machine);
    await client.endAsync();
  });

  it('a refused login over MQTT-over-WebSocket is counted under the address that sent it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const ids = await machineIdsBySerial(t, admin, ['PM-92-0004']);
    const machine = await provisionMachine(t, tenantOf(admin), ids['PM-92-0004']!);
    const stranger = mqtt.connect(`ws://127.0.0.1:${port}/mqtt`, {
      clientId: 'stranger-ws',
      username: machine.username,
      password: 'guess-ws',
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    await expect(
      new Promise((resolve, reject) => {
        stranger.once('connect', resolve);
        stranger.once('error', reject);
      }),
    ).rejects.toThrow();
    stranger.end(true);
    const run = (
      await t.request({
        method: 'POST',
        url: `/api/printing-shop/cutting-machines/${machine.machineId}/setup-checks`,
        headers: bearer(admin),
      })
    ).json() as SetupCheckRun;
    expect(apiKey(run).detail.refusedLogins).toEqual([
      expect.objectContaining({ address: '127.0.0.1', count: 1 }),
    ]);
  });

  it('another tenant sees none of the refusals', async () => {
    await t.addTenant('refusal-peer', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
    const peer = await t.login('refusal-peer', 'admin-printing-shop');
    const ids = await machineIdsBySerial(t, admin, ['PM-115-0001']);
    const foreign = await t.request({
      method: 'POST',
      url: `/api/printing-shop/cutting-machines/${ids['PM-115-0001']}/setup-checks`,
      headers: bearer(peer),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('refusedLogins');
  });
});
