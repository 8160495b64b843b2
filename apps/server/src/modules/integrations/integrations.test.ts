import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ApiKey,
  CreatedApiKey,
  CreatedWebhook,
  Order,
  TokenPair,
  WebhookDelivery,
  WebhookEndpoint,
} from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { machineIdsBySerial, tenantOf } from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';
import { DEMO_MACHINE_SERIALS } from '../machines/index';
import { isPrivateAddress, signature } from './index';
import { retryDelay } from './webhook-dispatch.service';
import { checkTarget } from './webhook-transport';

let t: TestApp;
let admin: TokenPair;
let manager: TokenPair;
let otherAdmin: TokenPair;
let tenantId: string;
let otherTenantId: string;
let machines: string[];
let otherMachine: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ps = (path: string) => `/api/printing-shop${path}`;
const call = (method: Method, url: string, auth: TokenPair | string, payload?: object) =>
  t.request({
    method,
    url,
    headers: typeof auth === 'string' ? { 'x-api-key': auth } : bearer(auth),
    ...(payload ? { payload } : {}),
  });
const createKey = async (scopes: string[], tokens = admin) => {
  const response = await call('POST', ps('/api-keys'), tokens, {
    name: `key ${randomUUID().slice(0, 6)}`,
    scopes,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as CreatedApiKey;
};

beforeAll(async () => {
  t = await startTestApp({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
    WEBHOOK_RETRY_BASE_MS: '1',
    WEBHOOK_INTERVAL_MS: '3600000',
  });
  admin = await t.login('demo', 'admin');
  manager = await t.login('demo', 'manager');
  tenantId = tenantOf(admin);
  const other = await t.addTenant('other-shop', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  otherTenantId = other.tenantId;
  otherAdmin = await t.login('other-shop', 'admin-printing-shop');
  machines = Object.values(await machineIdsBySerial(t, admin, [...DEMO_MACHINE_SERIALS]));
  // A machine of another tenant, as a row id to try through this tenant's key.
  otherMachine = randomUUID();
  await t.app.kerf.transactions.withTenant(otherTenantId, (tx) =>
    tx.execute(sql`INSERT INTO cutting_machines (tenant_id, id, serial_number, name)
      VALUES (${otherTenantId}, ${otherMachine}, 'OTHER-0001', 'Other shop machine')`),
  );
});
afterAll(() => t.close());

describe('API keys', () => {
  it('are created by the tenant admin, shown once and stored only as a hash', async () => {
    const created = await createKey(['machines:read', 'orders:write']);
    expect(created.key).toMatch(/^kerf_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const listed = (await call('GET', ps('/api-keys'), admin)).json() as ApiKey[];
    const row = listed.find((k) => k.id === created.id)!;
    expect(row).toMatchObject({
      scopes: ['machines:read', 'orders:write'],
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const stored = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ key_hash: string }>(tx, sql`SELECT key_hash FROM api_keys WHERE id = ${created.id}`),
    );
    expect(stored[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.key_hash).not.toContain(created.key.slice(38));
  });

  it('opens the routes of its scopes and no other', async () => {
    const { key, id } = await createKey(['machines:read']);
    const view = await call('GET', ps(`/cutting-machines/${machines[0]}`), key);
    expect(view.statusCode).toBe(200);
    // a scope it does not hold
    expect((await call('GET', '/api/report/reports/cutting-jobs', key)).statusCode).toBe(403);
    expect((await call('POST', ps('/orders'), key, { machineId: machines[0], name: 'X' })).statusCode).toBe(
      403,
    );
    // routes no key ever reaches, whatever its scopes
    const all = await createKey([
      'machines:read',
      'reports:read',
      'knives:read',
      'orders:read',
      'orders:write',
    ]);
    for (const [method, url] of [
      ['GET', ps('/api-keys')],
      ['GET', ps('/webhooks')],
      ['GET', '/api/auth/users/self'],
      ['PUT', ps(`/cutting-machines/${machines[0]}`)],
    ] as const) {
      expect(
        (await call(method, url, all.key, method === 'PUT' ? { name: 'x' } : undefined)).statusCode,
        url,
      ).toBe(403);
    }
    const listed = (await call('GET', ps('/api-keys'), admin)).json() as ApiKey[];
    expect(listed.find((k) => k.id === id)!.lastUsedAt).not.toBeNull();
  });

  it('writes orders with orders:write and reads them with orders:read', async () => {
    const writer = await createKey(['orders:write', 'orders:read']);
    const machineId = machines[1]!;
    const created = await call('POST', ps('/orders'), writer.key, {
      machineId,
      name: 'ERP job 4711',
      orderNumber: 'A-4711',
    });
    expect(created.statusCode).toBe(201);
    const order = created.json() as Order;
    const listed = (
      await call('GET', ps(`/cutting-machines/${machineId}/orders`), writer.key)
    ).json() as Order[];
    expect(listed[0]!.id).toBe(order.id);
    const closed = await call('PUT', ps(`/orders/${order.id}/close`), writer.key);
    expect(closed.statusCode).toBe(200);
    expect((closed.json() as Order).state).toBe('CLOSED');
  });

  it("never reaches another tenant's rows", async () => {
    const { key } = await createKey(['machines:read', 'orders:write']);
    expect((await call('GET', ps(`/cutting-machines/${otherMachine}`), key)).statusCode).toBe(404);
    const order = await call('POST', ps('/orders'), key, { machineId: otherMachine, name: 'foreign' });
    expect(order.statusCode).toBe(404);
    // a key whose tenant part names another tenant is looked up there, and not found
    const forged = `kerf_${otherTenantId.replaceAll('-', '')}_${key.slice(38)}`;
    expect((await call('GET', ps(`/cutting-machines/${otherMachine}`), forged)).statusCode).toBe(401);
  });

  it('are refused once revoked, and when malformed', async () => {
    const { key, id } = await createKey(['machines:read']);
    expect((await call('GET', ps(`/cutting-machines/${machines[0]}`), key)).statusCode).toBe(200);
    expect((await call('DELETE', ps(`/api-keys/${id}`), admin)).statusCode).toBe(204);
    expect((await call('GET', ps(`/cutting-machines/${machines[0]}`), key)).statusCode).toBe(401);
    expect((await call('GET', ps(`/cutting-machines/${machines[0]}`), 'kerf_nonsense')).statusCode).toBe(401);
    const listed = (await call('GET', ps('/api-keys'), admin)).json() as ApiKey[];
    expect(listed.find((k) => k.id === id)!.revokedAt).not.toBeNull();
  });

  it("are managed by the tenant admin only, and never another tenant's", async () => {
    const { id } = await createKey(['machines:read']);
    expect((await call('GET', ps('/api-keys'), manager)).statusCode).toBe(403);
    expect(
      (await call('POST', ps('/api-keys'), manager, { name: 'm', scopes: ['machines:read'] })).statusCode,
    ).toBe(403);
    const others = (await call('GET', ps('/api-keys'), otherAdmin)).json() as ApiKey[];
    expect(others.some((k) => k.id === id)).toBe(false);
    const revoke = await call('DELETE', ps(`/api-keys/${id}`), otherAdmin);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json().code).toBe('service.printing-shops.API_KEY_NOT_FOUND');
  });

  it('refuses bad input with catalogue codes', async () => {
    const response = await call('POST', ps('/api-keys'), admin, { name: '', scopes: ['users:manage'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation.INVALID_INPUT');
  });
});

describe('webhooks', () => {
  let receiver: Server;
  let url: string;
  let failuresLeft = 2;
  const received: { status: number; headers: Record<string, string | string[] | undefined>; body: string }[] =
    [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const status = failuresLeft > 0 ? 500 : 200;
        if (failuresLeft > 0) failuresLeft -= 1;
        received.push({ status, headers: request.headers, body });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const runJob = (now = new Date()) =>
    t.app.kerf.integrations.webhooks.run(new AbortController().signal, now);

  it('signs, retries with back-off and delivers every event once', async () => {
    const created = await call('POST', ps('/webhooks'), admin, {
      url,
      events: ['MACHINE_CUTS', 'MACHINE_STATUS', 'ORDER_CLOSED'],
      description: 'ERP test',
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json() as CreatedWebhook;
    expect(endpoint.secret).toMatch(/^whsec_/);

    // 30 cuts of one machine two minutes ago: one MACHINE_CUTS event, not 30.
    const machineId = machines[2]!;
    const serial = Object.entries(await machineIdsBySerial(t, admin, [...DEMO_MACHINE_SERIALS])).find(
      ([, id]) => id === machineId,
    )![0];
    const minute = Math.floor((Date.now() - 2 * 60_000) / 60_000) * 60_000;
    await t.app.kerf.telemetry.record(tenantId, [
      {
        serial,
        boot: randomUUID(),
        events: Array.from({ length: 30 }, (_, i) => ({
          type: 'cut' as const,
          seq: i + 1,
          at: new Date(minute + 1000 + i * 1000).toISOString(),
        })),
      },
    ]);
    // the live tee records the cuts after the commit, off the ingest path
    await expect
      .poll(() =>
        t.app.kerf.transactions.withTenant(tenantId, (tx) =>
          queryRows<{ cuts: string }>(
            tx,
            sql`SELECT cuts FROM webhook_cut_minutes WHERE machine_id = ${machineId}`,
          ),
        ),
      )
      .toHaveLength(1);

    // an order opened and closed through the API
    const { key } = await createKey(['orders:write']);
    const order = (
      await call('POST', ps('/orders'), key, { machineId: machines[0], name: 'Hook order' })
    ).json() as Order;
    expect((await call('PUT', ps(`/orders/${order.id}/close`), key)).statusCode).toBe(200);

    // first run: queued; both attempts fail (500), then retries after the back-off succeed
    const later = new Date(Date.now() + 60_000);
    await runJob(later);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await runJob(later);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await runJob(later);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await runJob(later);

    const log = (
      await call('GET', ps(`/webhooks/${endpoint.id}/deliveries`), admin)
    ).json() as WebhookDelivery[];
    const cuts = log.filter((d) => d.event === 'MACHINE_CUTS');
    expect(cuts).toHaveLength(1);
    expect(cuts[0]!.payload).toMatchObject({ machineId, cuts: 30, minute: new Date(minute).toISOString() });
    expect(log.filter((d) => d.event === 'ORDER_CLOSED').map((d) => d.payload.orderId)).toContain(order.id);
    expect(log.every((d) => d.status === 'DELIVERED' && d.responseCode === 200)).toBe(true);
    expect(log.some((d) => d.attempts > 1)).toBe(true);

    // every delivery reached the receiver exactly once with 200; failures were retried, nothing lost
    const ok = received.filter((r) => r.status === 200);
    const okIds = ok.map((r) => r.headers['kerf-delivery']);
    expect(new Set(okIds).size).toBe(okIds.length);
    expect(new Set(okIds)).toEqual(new Set(log.map((d) => d.id)));
    expect(received.filter((r) => r.status === 500)).toHaveLength(2);

    // the signature is HMAC-SHA256 over "<t>.<body>" with the endpoint's secret
    for (const r of received) {
      const header = String(r.headers['kerf-signature']);
      const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)!;
      const expected = createHmac('sha256', endpoint.secret).update(`${ts}.${r.body}`).digest('hex');
      expect(v1).toBe(expected);
      expect(signature(endpoint.secret, Number(ts), r.body)).toBe(header);
    }

    // another run sends nothing again
    const before = received.length;
    await runJob(later);
    expect(received.length).toBe(before);

    const listed = (await call('GET', ps('/webhooks'), admin)).json() as WebhookEndpoint[];
    expect(listed.find((e) => e.id === endpoint.id)!.recent.delivered).toBe(log.length);
  });

  it("keeps each tenant's endpoints and deliveries to itself", async () => {
    const endpoint = (
      await call('POST', ps('/webhooks'), admin, { url, events: ['ORDER_CLOSED'] })
    ).json() as CreatedWebhook;
    const others = (await call('GET', ps('/webhooks'), otherAdmin)).json() as WebhookEndpoint[];
    expect(others.some((e) => e.id === endpoint.id)).toBe(false);
    const log = await call('GET', ps(`/webhooks/${endpoint.id}/deliveries`), otherAdmin);
    expect(log.statusCode).toBe(404);
    expect(log.json().code).toBe('service.printing-shops.WEBHOOK_NOT_FOUND');
    expect((await call('DELETE', ps(`/webhooks/${endpoint.id}`), otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', ps('/webhooks'), manager)).statusCode).toBe(403);
    expect((await call('DELETE', ps(`/webhooks/${endpoint.id}`), admin)).statusCode).toBe(204);
    expect((await call('DELETE', ps(`/webhooks/${endpoint.id}`), admin)).statusCode).toBe(404);
  });

  it('refuses private and loopback targets unless allowed', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.10',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '2a00:1450:4001:82b::200e'])
      expect(isPrivateAddress(address), address).toBe(false);
    await expect(checkTarget('http://127.0.0.1:9/x', false)).rejects.toThrow(/private/);
    await expect(checkTarget('http://[::1]/x', false)).rejects.toThrow(/private/);
    await expect(checkTarget('http://localhost/x', false)).rejects.toThrow(/private/);
    await expect(checkTarget('http://user:pw@8.8.8.8/x', false)).rejects.toThrow(/credentials/);
    await expect(checkTarget('ftp://8.8.8.8/x', false)).rejects.toThrow(/http/);
    await expect(checkTarget('http://8.8.8.8/x', false)).resolves.toBeUndefined();
    await expect(checkTarget('http://127.0.0.1/x', true)).resolves.toBeUndefined();
    const bad = await call('POST', ps('/webhooks'), admin, { url: 'not a url', events: ['ORDER_CLOSED'] });
    expect(bad.statusCode).toBe(400);
  });

  it('backs off exponentially', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(30_000, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelay(30_000, 40)).toBe(6 * 60 * 60 * 1000);
  });
});
