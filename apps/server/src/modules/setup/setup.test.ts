import type { SetupCheckRun, SiteCheckReport } from '@kerf/contracts';
import { MachineAgent } from '@kerf/edge/agent';
import { type DoctorResult, runDoctor } from '@kerf/edge/doctor';
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
});
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
    });
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
