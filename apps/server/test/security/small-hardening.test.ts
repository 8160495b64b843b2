import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenPair } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { startMosquitto } from '../chaos/chaos-support';
import { bearer, openTestDatabase, startTestApp, type TestApp } from '../harness';

/**
 * Issue 31, item 6: the smaller ways a stranger or another tenant could hurt a tenant — a CSV cell
 * that splits into a formula in the other dialect, a request body sent one byte at a time, a
 * malformed language cookie, a request id chosen by the client, an external broker without ACLs,
 * and simulator agents for a tenant that is not a demo tenant.
 */

/** A minimal web build with prerendered public pages (the language cookie is read for those). */
async function webBuild() {
  const root = await mkdtemp(join(tmpdir(), 'kerf-web-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Kerf</title>');
  await writeFile(join(root, 'client-routes.json'), JSON.stringify({ segments: ['', 'login'] }));
  await mkdir(join(root, 'prerendered', 'en'), { recursive: true });
  await writeFile(join(root, 'prerendered', 'en', 'index.html'), '<!doctype html><title>en</title>');
  await writeFile(
    join(root, 'prerendered', 'pages.json'),
    JSON.stringify({ cookie: 'use-locale', locales: ['en'], pages: [''] }),
  );
  return root;
}

describe('smaller hardening (issue 31, item 6)', () => {
  let t: TestApp;
  let admin: TokenPair;
  beforeAll(async () => {
    t = await startTestApp({ WEB_DIST: await webBuild(), REQUEST_TIMEOUT: '2' });
    admin = await t.login('demo', 'admin');
  });
  afterAll(() => t.close());

  it('quotes a cell holding the other dialect’s separator in an export, so it cannot split into a formula', async () => {
    // a location of the demo shop, which its manager reports on
    const locations = await t.request({
      method: 'GET',
      url: '/api/printing-shop/printing-shops',
      headers: bearer(admin),
    });
    const locationId = locations.json().items[0].id as string;
    const name = 'Halle 2;=HYPERLINK("http://attacker.example","Details")';
    const machine = await t.request({
      method: 'POST',
      url: '/api/printing-shop/cutting-machines',
      headers: bearer(admin),
      payload: {
        name,
        serialNumber: 'PM-CSV-0001',
        printingShopId: locationId,
        cuttingWidth: 1370,
      },
    });
    expect(machine.statusCode, machine.body).toBe(201);
    // English: a comma file. Opened where the list separator is `;`, an unquoted cell would split
    // at the `;` and the next cell would start with `=`.
    const csv = await t.request({
      method: 'GET',
      url: `/api/report/reports/cutting-machines/csv-exports?${new URLSearchParams({
        startDate: '2026-03-01T00:00:00Z',
        endDate: '2026-03-02T00:00:00Z',
        search: 'PM-CSV-0001',
        lang: 'ENGLISH',
      })}`,
      headers: bearer(await t.login('demo', 'manager')),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('"Halle 2;=HYPERLINK(""http://attacker.example"",""Details"")"');
    for (const line of csv.body.split('\r\n')) {
      // outside quotes, no cell of either dialect starts a formula
      const unquoted = line.replace(/"(?:[^"]|"")*"/g, '""');
      expect(unquoted.split(/[,;]/).filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    }
  });

  it('ends a request whose body trickles in (408 within the request timeout), not minutes later', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    const started = Date.now();
    const closed = new Promise<number>((resolve) =>
      socket.once('close', () => resolve(Date.now() - started)),
    );
    socket.write(
      'POST /api/auth/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{',
    );
    // one byte every 400 ms: the connection stays busy, so only a timeout on the whole request ends it
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 400);
    const elapsed = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 9000)),
    ]);
    clearInterval(trickle);
    socket.destroy();
    // REQUEST_TIMEOUT=2 s, checked every second
    console.info(`a trickling request body was answered 408 and closed after ${elapsed} ms`);
    expect(elapsed).toBeLessThan(4500);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers a malformed language cookie with 400 from the catalogue, not 500', async () => {
    const response = await t.request({ method: 'GET', url: '/', headers: { cookie: 'use-locale=%E0%A4%A' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation.INVALID_INPUT',
      details: { fields: [{ field: 'cookie', in: 'headers', code: 'INVALID_FORMAT' }] },
    });
    // a well-formed one still picks the page
    const fine = await t.request({ method: 'GET', url: '/', headers: { cookie: 'use-locale=en' } });
    expect(fine.statusCode).toBe(200);
  });

  it('names every request with an id of its own, never the one the client sent', async () => {
    const chosen = 'attacker-chosen-0001';
    const response = await t.request({
      method: 'GET',
      url: '/api/auth/auth/self',
      headers: { 'x-request-id': chosen },
    });
    const id = response.headers['x-request-id'];
    expect(id).not.toBe(chosen);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const again = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': chosen } });
    expect(again.headers['x-request-id']).not.toBe(id);
  });

  it('gives simulator agents only to the seeded demo tenants, even in demo mode', async () => {
    await t.addTenant('walk-in-print', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
    const stranger = await t.login('walk-in-print', 'admin-printing-shop');
    const refused = await t.request({
      method: 'POST',
      url: '/api/printing-shop/demo/agents',
      headers: bearer(stranger),
      payload: { count: 500 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('authentication.FORBIDDEN');
    const demo = await t.request({
      method: 'POST',
      url: '/api/printing-shop/demo/agents',
      headers: bearer(admin),
      payload: { count: 1 },
    });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json().agents).toHaveLength(1);
  });
});

describe('an external broker that lets anonymous clients publish (issue 31, item 6)', () => {
  const config = (mqttUrl: string, requireAcl: boolean) =>
    parseConfig({
      DATA_DIR: join(tmpdir(), `kerf-test-${randomBytes(4).toString('hex')}`),
      JWT_SECRET: randomBytes(32).toString('hex'),
      MQTT_URL: mqttUrl,
      LOG_LEVEL: 'silent',
      DEMO: '0',
      ...(requireAcl ? { MQTT_REQUIRE_ACL: '1' } : {}),
    });

  it('refuses to start with MQTT_REQUIRE_ACL=1 when anonymous telemetry is delivered, starts when refused', async () => {
    const open = await startMosquitto({ serverUser: 'kerf', serverPassword: 'kerf-secret', anonymous: true });
    const closed = await startMosquitto({ serverUser: 'kerf', serverPassword: 'kerf-secret' });
    const database = await openTestDatabase();
    try {
      await expect(
        buildApp(config(`mqtt://kerf:kerf-secret@127.0.0.1:${open.port}`, true), { database }),
      ).rejects.toThrow(/anonymous clients publish machine telemetry.*refusing to start/);
      // without MQTT_REQUIRE_ACL it starts and says so loudly (logged at error level)
      const warned = await buildApp(config(`mqtt://kerf:kerf-secret@127.0.0.1:${open.port}`, false), {
        database,
      });
      await warned.close();
      // a broker with an ACL: anonymous clients are refused at connect, the server starts
      const app = await buildApp(config(`mqtt://kerf:kerf-secret@127.0.0.1:${closed.port}`, true), {
        database,
      });
      await app.ready();
      await app.close();
    } finally {
      await open.stop();
      await closed.stop();
      await database.close();
    }
  }, 60_000);
});
