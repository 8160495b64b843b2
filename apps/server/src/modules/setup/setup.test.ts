import { type SetupCheckRun, SITE_CHECKS, type SiteCheckReport } from '@kerf/contracts';
import { MachineAgent } from '@kerf/edge/agent';
import { type DoctorResult, runDoctor } from '@kerf/edge/doctor';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import {
  brokerUrl,
  connectMachine,
  machineIdsBySerial,
  provisionMachine,
  type TestMachine,
  tenantOf,
} from '../../../test/machine-helpers';
import { testCertificates } from '../../../test/tls-helpers';
import { insertMachine } from '../machines/index';
import { insertRun } from './setup.repository';

/**
 * The setup assistant on loopback: a real server listening on HTTP and MQTT over TLS, the edge
 * agent's doctor against it, and the assistant's endpoints. Ports 18140–18149.
 */
const HTTP = 18140;
const TLS = 18141;
const CLOSED = 18149;
const SITE_MANAGER = 'SM-2026-0412';

const byCheck = (checks: SiteCheckReport[] | SetupCheckRun['checks']) =>
  Object.fromEntries(checks.map((c) => [c.check, c]));
const states = (result: DoctorResult) =>
  Object.fromEntries(result.checks.map((c) => [c.check, c.advice ?? c.state]));

async function listening(env: Record<string, string>, port: number) {
  const t = await startTestApp({ PORT: String(port), ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let machine: TestMachine;
const doctor = (overrides: Partial<Parameters<typeof runDoctor>[0]> = {}) =>
  runDoctor({
    server: `http://localhost:${HTTP}`,
    tenantId: machine.tenantId,
    serial: machine.serial,
    password: machine.password,
    siteManagerSerial: SITE_MANAGER,
    timeoutMs: 3000,
    ...overrides,
  });

beforeAll(async () => {
  t = await listening({ MQTT_TLS_PORT: String(TLS) }, HTTP);
  admin = await t.login('demo', 'admin');
  const ids = await machineIdsBySerial(t, admin, ['PM-115-0001']);
  machine = await provisionMachine(t, tenantOf(admin), ids['PM-115-0001']!);
}, 180_000); // a listening server with its TLS broker: slow to start on a busy machine
afterAll(() => t?.close());

describe('kerf-edge doctor against a reachable cloud', () => {
  it('gives every check green and the cloud stores a successful run', async () => {
    const result = await doctor();
    expect(result.checks.filter((c) => c.state !== 'SUCCESS')).toEqual([]);
    expect(byCheck(result.checks).MQTT!.detail).toMatchObject({ transport: 'MQTTS', port: TLS });
    expect(byCheck(result.checks).SSL!.detail.validTo).toBeTruthy();
    expect('run' in result.delivered && result.delivered.run.state).toBe('SUCCESS');
    const machines = await t.request({
      method: 'GET',
      url: `/api/printing-shop/cutting-machines/${machine.machineId}`,
      headers: bearer(admin),
    });
    expect(machines.json().networkSetupState).toBe('ALL_SETTINGS_CORRECT');
  });

  it('says when 8883 is closed and connects over WebSocket on the HTTP port instead', async () => {
    const result = await doctor({ mqttsPort: CLOSED });
    expect(states(result)).toMatchObject({ SSL: 'PORT_8883_BLOCKED', MQTT: 'MQTT_WEBSOCKET_FALLBACK' });
    expect(byCheck(result.checks).MQTT!.detail.transport).toBe('WEBSOCKET');
    // the fallback works: a warning, not an error (issue 32)
    expect(byCheck(result.checks).MQTT!.state).toBe('WARNING');
    expect(states(result)).toMatchObject({
      DNS_ENTRY: 'SUCCESS',
      CLOUD_SERVICE: 'SUCCESS',
      CLOCK: 'SUCCESS',
    });
  });

  it('a closed HTTPS port fails the cloud service with the firewall advice', async () => {
    const result = await doctor({ server: `http://localhost:${CLOSED}` });
    expect(states(result)).toMatchObject({
      DNS_ENTRY: 'SUCCESS',
      CLOUD_SERVICE: 'PORT_443_BLOCKED',
      GATE_MANAGER: 'PORT_443_BLOCKED',
    });
    expect(result.delivered).toHaveProperty('error');
  });

  it('a name that does not resolve fails the DNS entry', async () => {
    const result = await doctor({ server: `http://kerf-cloud.invalid:${HTTP}` });
    expect(states(result)).toMatchObject({
      DNS_AVAILABILITY: 'SUCCESS',
      DNS_ENTRY: 'DNS_NAME_NOT_FOUND',
      CLOUD_SERVICE: 'DNS_NAME_NOT_FOUND',
      MQTT: 'DNS_NAME_NOT_FOUND',
    });
  });

  it('a wrong API key is refused by the broker and by the cloud', async () => {
    const result = await doctor({ password: 'not-the-key' });
    expect(states(result)).toMatchObject({ MQTT: 'CREDENTIAL_REFUSED', SSL: 'SUCCESS' });
    expect(result.delivered).toEqual({ error: 'CREDENTIAL_REFUSED' });
  });
});

describe('the assistant', () => {
  it('runs the cloud checks, asks the site manager, and the agent answers with its doctor', async () => {
    const agent = new MachineAgent({
      brokerUrl: brokerUrl(t),
      tenantId: machine.tenantId,
      serial: machine.serial,
      password: machine.password,
      outboxDir: null,
      heartbeatMs: 0,
      doctor: { server: `http://localhost:${HTTP}`, siteManagerSerial: SITE_MANAGER },
    });
    await agent.start();
    try {
      const started = await t.request({
        method: 'POST',
        url: `/api/printing-shop/cutting-machines/${machine.machineId}/setup-checks`,
        headers: bearer(admin),
      });
      expect(started.statusCode).toBe(201);
      const run = started.json() as SetupCheckRun;
      expect(run.state).toBe('RUNNING');
      expect(byCheck(run.checks)).toMatchObject({
        SERIAL_NUMBER: { state: 'SUCCESS', side: 'CLOUD' },
        API_KEY: { state: 'SUCCESS' },
        SITE_MANAGER: { state: 'RUNNING' },
        MQTT: { state: 'RUNNING', side: 'SITE' },
      });
      let latest = run;
      for (let i = 0; i < 100 && latest.state === 'RUNNING'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        latest = (
          await t.request({
            method: 'GET',
            url: `/api/printing-shop/cutting-machines/${machine.machineId}/setup-checks/${run.id}`,
            headers: bearer(admin),
          })
        ).json();
      }
      expect(latest.state).toBe('SUCCESS');
      expect(latest.siteManagerSerial).toBe(SITE_MANAGER);
      // each check says what it compared (issue 32)
      expect(byCheck(latest.checks)).toMatchObject({
        SERIAL_NUMBER: { detail: { expected: machine.serial, found: machine.serial } },
        SITE_MANAGER: { state: 'SUCCESS', detail: { expected: SITE_MANAGER, found: SITE_MANAGER } },
      });
      // A second run within the minute is answered as fast as the first, not after the 60 s timeout.
      const again = (
        await t.request({
          method: 'POST',
          url: `/api/printing-shop/cutting-machines/${machine.machineId}/setup-checks`,
          headers: bearer(admin),
        })
      ).json() as SetupCheckRun;
      const began = Date.now();
      let second = again;
      for (let i = 0; i < 100 && second.state === 'RUNNING'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        second = (
          await t.request({
            method: 'GET',
            url: `/api/printing-shop/cutting-machines/${machine.machineId}/setup-checks/${again.id}`,
            headers: bearer(admin),
          })
        ).json();
      }
      expect(second.state).toBe('SUCCESS');
      expect(Date.now() - began).toBeLessThan(10_000);
    } finally {
      await agent.stop();
    }
  });

  it('an unknown serial and a machine without a key give their red checks at once', async () => {
    const { id } = await t.app.kerf.transactions.withTenant(machine.tenantId, (tx) =>
      insertMachine(tx, machine.tenantId, { name: 'Neu', serialNumber: 'PM-999-0999' }),
    );
    const started = await t.request({
      method: 'POST',
      url: `/api/printing-shop/cutting-machines/${id}/setup-checks`,
      headers: bearer(admin),
    });
    expect(byCheck((started.json() as SetupCheckRun).checks)).toMatchObject({
      SERIAL_NUMBER: { state: 'ERROR', advice: 'SERIAL_UNKNOWN' },
      API_KEY: { state: 'ERROR', advice: 'NO_CREDENTIAL' },
    });
  });

  it('a wrong API key is shown as refused logins beside the key, never as its state (issue 31)', async () => {
    const ids = await machineIdsBySerial(t, admin, ['PM-137-0003']);
    const m = await provisionMachine(t, tenantOf(admin), ids['PM-137-0003']!);
    const runs = `/api/printing-shop/cutting-machines/${m.machineId}/setup-checks`;
    const open = (
      await t.request({ method: 'POST', url: runs, headers: bearer(admin) })
    ).json() as SetupCheckRun;
    expect(byCheck(open.checks).API_KEY).toMatchObject({ state: 'SUCCESS' });
    expect(open.state).toBe('RUNNING');
    // Someone tries the broker with a wrong key: the open run shows the refused login at once.
    await expect(connectMachine(t, { username: m.username, password: 'not-the-key' })).rejects.toThrow();
    const began = Date.now();
    let latest = open;
    const refusedOf = (run: SetupCheckRun) =>
      run.checks.find((c) => c.check === 'API_KEY')?.detail.refusedLogins ?? [];
    while (refusedOf(latest).length === 0 && Date.now() - began < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      latest = (await t.request({ method: 'GET', url: `${runs}/${open.id}`, headers: bearer(admin) })).json();
    }
    expect(Date.now() - began).toBeLessThan(2000);
    expect(latest.state).toBe('RUNNING');
    expect(byCheck(latest.checks).API_KEY).toMatchObject({
      state: 'SUCCESS',
      advice: null,
      detail: { refusedLogins: [{ address: '127.0.0.1', count: 1 }] },
    });
    // The next run still asks the site manager, and shows the refusals of the last hour.
    const next = (
      await t.request({ method: 'POST', url: runs, headers: bearer(admin) })
    ).json() as SetupCheckRun;
    expect(next.state).toBe('RUNNING');
    expect(byCheck(next.checks).API_KEY).toMatchObject({
      state: 'SUCCESS',
      detail: { refusedLogins: [{ address: '127.0.0.1', count: 1 }] },
    });
    // The right key still connects; a doctor with a wrong key is refused and counted the same.
    const client = await connectMachine(t, m);
    await client.endAsync();
    const refused = await runDoctor({
      server: `http://localhost:${HTTP}`,
      tenantId: m.tenantId,
      serial: m.serial,
      password: 'still-not-the-key',
      timeoutMs: 3000,
    });
    expect(refused.delivered).toEqual({ error: 'CREDENTIAL_REFUSED' });
    const after = (
      await t.request({ method: 'GET', url: `${runs}/${next.id}`, headers: bearer(admin) })
    ).json() as SetupCheckRun;
    expect(after.state).toBe('RUNNING');
    expect(byCheck(after.checks).API_KEY?.state).toBe('SUCCESS');
    expect(refusedOf(after).reduce((sum, r) => sum + r.count, 0)).toBeGreaterThanOrEqual(2);
  });

  it('a site manager serial that differs from the tenant’s fails the site manager check', async () => {
    const result = await doctor({ siteManagerSerial: 'SM-0000-0001' });
    expect('run' in result.delivered && byCheck(result.delivered.run.checks).SITE_MANAGER).toMatchObject({
      state: 'ERROR',
      advice: 'SITE_MANAGER_SERIAL_MISMATCH',
      detail: { expected: SITE_MANAGER, found: 'SM-0000-0001' },
    });
  });

  it('a wrong serial set for the tenant fails; a report without a serial is a warning, never a pass (issue 32)', async () => {
    const setSerial = (serialNumber: string) =>
      t.request({
        method: 'PUT',
        url: '/api/printing-shop/setup/site-manager',
        headers: bearer(admin),
        payload: { serialNumber },
      });
    const machineState = async () =>
      (
        await t.request({
          method: 'GET',
          url: `/api/printing-shop/cutting-machines/${machine.machineId}`,
          headers: bearer(admin),
        })
      ).json().networkSetupState;
    try {
      expect((await setSerial('SM-WRONG-0000')).statusCode).toBe(200);
      const wrong = await doctor();
      if (!('run' in wrong.delivered)) throw new Error('not delivered');
      expect(wrong.delivered.run.state).toBe('ERROR');
      expect(byCheck(wrong.delivered.run.checks).SITE_MANAGER).toMatchObject({
        state: 'ERROR',
        advice: 'SITE_MANAGER_SERIAL_MISMATCH',
        detail: { expected: 'SM-WRONG-0000', found: SITE_MANAGER },
      });
      // The same wrong serial with a site manager that does not say its own: cannot be compared.
      const silent = await doctor({ siteManagerSerial: null });
      if (!('run' in silent.delivered)) throw new Error('not delivered');
      expect(byCheck(silent.delivered.run.checks).SITE_MANAGER).toMatchObject({
        state: 'WARNING',
        advice: 'SITE_MANAGER_SERIAL_NOT_REPORTED',
        detail: { expected: 'SM-WRONG-0000', found: null },
      });
      expect(silent.delivered.run.state).toBe('WARNING');
      // the badge follows the same results: a warning is not "all settings correct"
      expect(await machineState()).toBe('MACHINE_LICENSED');
    } finally {
      await setSerial(SITE_MANAGER);
    }
    const right = await doctor();
    expect('run' in right.delivered && right.delivered.run.state).toBe('SUCCESS');
    expect(await machineState()).toBe('ALL_SETTINGS_CORRECT');
  });

  it('an older doctor’s working WebSocket fallback is stored as a warning, not an error', async () => {
    const checks = [
      {
        check: 'MQTT',
        state: 'ERROR',
        advice: 'MQTT_WEBSOCKET_FALLBACK',
        detail: { transport: 'WEBSOCKET' },
      },
      { check: 'CLOCK', state: 'SUCCESS', advice: null, detail: { skewSeconds: 0 } },
    ];
    const response = await t.request({
      method: 'POST',
      url: '/api/printing-shop/site-manager/doctor-reports',
      headers: {
        authorization: `Basic ${Buffer.from(`${machine.username}:${machine.password}`).toString('base64')}`,
      },
      payload: { sentAt: new Date().toISOString(), siteManagerSerial: SITE_MANAGER, checks },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(byCheck((response.json() as SetupCheckRun).checks).MQTT).toMatchObject({
      state: 'WARNING',
      advice: 'MQTT_WEBSOCKET_FALLBACK',
    });
  });

  it('a run without an answer: "did not answer" only when the machine was not heard either', async () => {
    const { machineId, tenantId } = machine;
    const runs = `/api/printing-shop/cutting-machines/${machineId}/setup-checks`;
    const startedAt = new Date(Date.now() - 2 * 60_000);
    const open = async () =>
      t.app.kerf.transactions.withTenant(tenantId, (tx) =>
        insertRun(tx, {
          tenantId,
          machineId,
          state: 'RUNNING',
          checks: SITE_CHECKS.map((check) => ({
            check,
            side: 'SITE',
            state: 'RUNNING',
            advice: null,
            detail: {},
          })),
          requestedBy: null,
          startedAt,
        }),
      );
    const heard = (at: Date | null) =>
      t.app.kerf.transactions.withTenant(tenantId, (tx) =>
        tx.execute(sql`UPDATE cutting_machines SET last_heartbeat_at = ${at} WHERE id = ${machineId}`),
      );
    await heard(new Date());
    const online = await open();
    const settled = (
      await t.request({ method: 'GET', url: `${runs}/${online.id}`, headers: bearer(admin) })
    ).json();
    expect(settled.state).toBe('ERROR');
    expect(new Set(settled.checks.map((c: { advice: string }) => c.advice))).toEqual(
      new Set(['SITE_MANAGER_DOCTOR_SILENT']),
    );
    await heard(new Date(Date.now() - 3 * 3600_000));
    const offline = await open();
    const silent = (
      await t.request({ method: 'GET', url: `${runs}/${offline.id}`, headers: bearer(admin) })
    ).json();
    expect(new Set(silent.checks.map((c: { advice: string }) => c.advice))).toEqual(
      new Set(['SITE_MANAGER_SILENT']),
    );
  });

  it('the machine’s network setup state follows its latest finished run, whatever set it before', async () => {
    const { machineId, tenantId } = machine;
    await doctor({ mqttsPort: CLOSED }); // latest run: 8883 blocked
    await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      tx.execute(
        sql`UPDATE cutting_machines SET network_setup_state = 'ALL_SETTINGS_CORRECT' WHERE id = ${machineId}`,
      ),
    );
    const runs = (
      await t.request({
        method: 'GET',
        url: `/api/printing-shop/cutting-machines/${machineId}/setup-checks`,
        headers: bearer(admin),
      })
    ).json() as SetupCheckRun[];
    expect(runs[0]!.state).toBe('ERROR');
    const after = await t.request({
      method: 'GET',
      url: `/api/printing-shop/cutting-machines/${machineId}`,
      headers: bearer(admin),
    });
    expect(after.json().networkSetupState).toBe('MACHINE_LICENSED');
    await doctor();
  });

  it('refuses reports without a valid machine credential', async () => {
    const body = {
      sentAt: new Date().toISOString(),
      checks: [{ check: 'CLOCK', state: 'SUCCESS', advice: null, detail: {} }],
    };
    for (const authorization of [
      'Basic eDp5',
      'Bearer x',
      `Basic ${Buffer.from(`${machine.username}:wrong`).toString('base64')}`,
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/printing-shop/site-manager/doctor-reports',
        headers: { authorization },
        payload: body,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('authentication.INVALID_CREDENTIALS');
    }
  });

  it('shows the System page and keeps the site manager serial', async () => {
    const system = await t.request({
      method: 'GET',
      url: '/api/printing-shop/setup/system',
      headers: bearer(admin),
    });
    expect(system.json()).toMatchObject({
      broker: { embedded: true },
      certificate: { selfSigned: true },
      requirements: { host: 'localhost', httpsPort: HTTP, mqttsPort: TLS, websocketPath: '/mqtt' },
    });
    const set = await t.request({
      method: 'PUT',
      url: '/api/printing-shop/setup/site-manager',
      headers: bearer(admin),
      payload: { serialNumber: 'SM-2026-0500' },
    });
    expect(set.json()).toEqual({ serialNumber: 'SM-2026-0500' });
    const manager = await t.login('demo', 'manager');
    const refused = await t.request({
      method: 'PUT',
      url: '/api/printing-shop/setup/site-manager',
      headers: bearer(manager),
      payload: { serialNumber: 'SM-1' },
    });
    expect(refused.statusCode).toBe(403);
    await t.request({
      method: 'PUT',
      url: '/api/printing-shop/setup/site-manager',
      headers: bearer(admin),
      payload: { serialNumber: SITE_MANAGER },
    });
  });
});

describe('certificates the site manager must not accept', () => {
  const certificates = testCertificates();

  it('an expired certificate fails SSL with the expiry advice (and MQTT falls back to WebSocket)', async () => {
    const expired = certificates.leaf('expired', {
      host: 'localhost',
      notBefore: '20240101000000Z',
      notAfter: '20240201000000Z',
    });
    const other = await listening(
      { MQTT_TLS_PORT: '18143', MQTT_TLS_CERT: expired.cert, MQTT_TLS_KEY: expired.key },
      18142,
    );
    try {
      const tokens = await other.login('demo', 'admin');
      const ids = await machineIdsBySerial(other, tokens, ['PM-115-0002']);
      const m = await provisionMachine(other, tenantOf(tokens), ids['PM-115-0002']!);
      const result = await runDoctor({
        server: 'http://localhost:18142',
        tenantId: m.tenantId,
        serial: m.serial,
        password: m.password,
        ca: certificates.caPem,
      });
      expect(states(result)).toMatchObject({ SSL: 'CERTIFICATE_EXPIRED', MQTT: 'MQTT_WEBSOCKET_FALLBACK' });
    } finally {
      await other.close();
    }
  });

  it('a certificate for another host, or from a CA the site does not trust, fails SSL with its advice', async () => {
    const wrong = certificates.leaf('wrong-host', { host: 'broker.example.net' });
    const other = await listening(
      { MQTT_TLS_PORT: '18145', MQTT_TLS_CERT: wrong.cert, MQTT_TLS_KEY: wrong.key },
      18144,
    );
    try {
      const tokens = await other.login('demo', 'admin');
      const ids = await machineIdsBySerial(other, tokens, ['PM-115-0002']);
      const m = await provisionMachine(other, tenantOf(tokens), ids['PM-115-0002']!);
      const result = await runDoctor({
        server: 'http://localhost:18144',
        tenantId: m.tenantId,
        serial: m.serial,
        password: m.password,
        ca: certificates.caPem,
      });
      expect(states(result).SSL).toBe('CERTIFICATE_WRONG_HOST');
      // Without the private CA it is not trusted at all.
      const untrusted = await runDoctor({
        server: 'http://localhost:18144',
        tenantId: m.tenantId,
        serial: m.serial,
        password: m.password,
      });
      expect(states(untrusted).SSL).toBe('CERTIFICATE_NOT_TRUSTED');
    } finally {
      await other.close();
    }
  });
});
