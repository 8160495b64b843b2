import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness';
import { tenantOf } from '../../../test/machine-helpers';
import { recordAudits } from '../../db/audit.repository';
import { queryRows } from '../../db/client';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { insertUser } from '../auth/index';
import { EXPORT_PAGE, exportTenantZip } from './tenant-export';

let t: TestApp;
const OWN_CANARY = 'own-canary-7f3a';
const OTHER_CANARY = 'other-canary-c41e';

/** Adds a user whose last name is the canary, in the tenant's own transaction. */
async function addCanary(tenantId: string, canary: string) {
  const passwordHash = await t.app.kerf.hasher.hash(DEMO_PASSWORD);
  await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
    insertUser(tx, tenantId, {
      username: canary,
      passwordHash,
      email: `${canary}@example.com`,
      firstName: 'Canary',
      lastName: canary,
      displayName: null,
      personnelNumber: null,
      role: 'PRINTING_SHOP_OPERATOR',
      language: null,
      active: true,
    }),
  );
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("the tenant admin's data export", () => {
  it("holds the tenant's rows, no other tenant's, and no secrets", async () => {
    const admin = await t.login('demo', 'admin');
    await addCanary(tenantOf(admin), OWN_CANARY);
    const other = await t.addTenant('other-shop', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
    await addCanary(other.tenantId, OTHER_CANARY);

    const response = await t.request({ method: 'GET', url: '/api/tenant/export', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="kerf-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const texts = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));

    const manifest = JSON.parse(texts['manifest.json']!);
    expect(manifest.tenantId).toBe(tenantOf(admin));
    // read from the primary: no DATABASE_READ_URL here (the replica case: test/chaos/read-replica.chaos.ts)
    expect(manifest.readFrom).toEqual({ replica: false });
    for (const table of ['tenants', 'users', 'locations', 'cutting_machines', 'knives', 'audit_log']) {
      expect(Object.keys(texts), table).toContain(`${table}.json`);
      const rows = JSON.parse(texts[`${table}.json`]!) as Record<string, unknown>[];
      expect(rows.length, table).toBe(manifest.rows[table]);
      expect(rows.length, table).toBeGreaterThan(0);
    }
    const users = JSON.parse(texts['users.json']!) as { tenant_id: string; last_name: string }[];
    expect(users.map((user) => user.last_name)).toContain(OWN_CANARY);
    const tenants = JSON.parse(texts['tenants.json']!) as { slug: string }[];
    expect(tenants.map((tenant) => tenant.slug)).toEqual(['demo']);

    const everything = Object.values(texts).join('\n');
    expect(everything).not.toContain(OTHER_CANARY);
    expect(everything).not.toContain(other.tenantId);
    expect(everything).not.toContain('other-shop');
    expect(everything).not.toContain('password_hash');
    expect(everything).not.toContain('$argon2');
    for (const [name, text] of Object.entries(texts)) {
      if (name === 'manifest.json') continue;
      for (const row of JSON.parse(text) as { tenant_id?: string }[]) {
        if (row.tenant_id !== undefined) expect(row.tenant_id, name).toBe(tenantOf(admin));
      }
    }
  });

  it('is for tenant admins only, the grinding shop admin included', async () => {
    const manager = await t.login('demo', 'manager');
    const refused = await t.request({ method: 'GET', url: '/api/tenant/export', headers: bearer(manager) });
    expect(refused.statusCode).toBe(403);
    const grinding = await t.login('demo-grind', 'admin');
    const answered = await t.request({ method: 'GET', url: '/api/tenant/export', headers: bearer(grinding) });
    expect(answered.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(answered.rawPayload));
    expect(strFromU8(files['tenants.json']!)).toContain('demo-grind');
    expect(strFromU8(files['tenants.json']!)).not.toContain('"demo"');
  });

  it('pages by key: every table matches the database row by row, across many pages', async () => {
    const admin = await t.login('demo', 'admin');
    const tenantId = tenantOf(admin);
    // more audit entries than two and a half pages, several of them at the same instant
    const at = new Date('2026-03-01T08:00:00.123456Z');
    await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      recordAudits(
        tx,
        Array.from({ length: Math.round(EXPORT_PAGE * 2.5) }, (_, i) => ({
          tenantId,
          actorUserId: null,
          action: `test.page-${i}`,
          ip: null,
          details: { i },
          at,
        })),
      ),
    );
    const response = await t.request({ method: 'GET', url: '/api/tenant/export', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as { rows: Record<string, number> };
    expect(manifest.rows.audit_log).toBeGreaterThan(EXPORT_PAGE * 2.5);
    for (const [table, count] of Object.entries(manifest.rows)) {
      const exported = JSON.parse(strFromU8(files[`${table}.json`]!)) as Record<string, unknown>[];
      expect(exported.length, table).toBe(count);
      if (count === 0) continue;
      // the same columns, read in one statement in key order, through the same driver
      const columns = Object.keys(exported[0]!)
        .map((column) => `"${column}"`)
        .join(', ');
      const [{ keys }] = (await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
        queryRows<{ keys: string[] }>(
          tx,
          sql`SELECT array_agg(a.attname::text ORDER BY array_position(i.indkey, a.attnum)) AS keys
                FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
               WHERE i.indrelid = ${table}::regclass AND i.indisprimary`,
        ),
      )) as [{ keys: string[] | null }];
      expect(keys, `${table} has a primary key`).not.toBeNull();
      const stored = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
        queryRows<Record<string, unknown>>(
          tx,
          sql.raw(`SELECT ${columns} FROM "${table}" ORDER BY ${keys!.map((key) => `"${key}"`).join(', ')}`),
        ),
      );
      expect(JSON.parse(JSON.stringify(stored)), table).toEqual(exported);
    }
  });

  it('reads the next page only once the client has taken the last (backpressure)', async () => {
    const admin = await t.login('demo', 'admin');
    const tenantId = tenantOf(admin);
    await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      recordAudits(
        tx,
        Array.from({ length: EXPORT_PAGE * 6 }, (_, i) => ({
          tenantId,
          actorUserId: null,
          action: `test.backpressure-${i}`,
          ip: null,
          // hardly compressible, so the ZIP grows with the rows
          details: { noise: crypto.getRandomValues(new Uint8Array(96)).join('.') },
        })),
      ),
    );
    let reads = 0;
    const counting: Transactions = {
      ...t.app.kerf.transactions,
      withTenant(id, fn) {
        reads += 1;
        return t.app.kerf.transactions.withTenant(id, fn);
      },
    };
    const actor = { tenantId, userId: null, ip: null, role: 'ADMIN_PRINTING_SHOP' } as unknown as Actor;
    const stream = exportTenantZip(counting, actor);
    // nobody reads: the export stops once the stream's buffer is full
    let previous = -1;
    while (reads !== previous) {
      previous = reads;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const whileUnread = reads;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as { rows: Record<string, number> };
    expect(manifest.rows.audit_log).toBeGreaterThanOrEqual(EXPORT_PAGE * 6);
    // the audit log alone is six pages and more; unread, the export had stopped well before them
    expect(whileUnread).toBeLessThan(reads - 5);
  });

  it('runs one export per tenant at a time: a second one meanwhile gets 429 with Retry-After', async () => {
    const admin = await t.login('demo', 'admin');
    const tenantId = tenantOf(admin);
    // an export of several megabytes that hardly compress: more than the sockets between here and
    // the client buffer, so an unread download stays running (backpressure)
    await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      recordAudits(
        tx,
        Array.from({ length: 4000 }, (_, i) => ({
          tenantId,
          actorUserId: null,
          action: `test.limit-${i}`,
          ip: null,
          details: { noise: Buffer.from(crypto.getRandomValues(new Uint8Array(1500))).toString('base64') },
        })),
      ),
    );
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}/api/tenant/export`;
    const headers = { authorization: `Bearer ${admin.bearerToken}` };
    const running = new AbortController();
    const first = await fetch(url, { headers, signal: running.signal });
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    await reader.read(); // the download has begun, and is not read further

    const second = await fetch(url, { headers });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('30');
    expect(await second.json()).toMatchObject({
      code: 'common.RATE_LIMITED',
      details: { retryAfterSeconds: 30 },
    });
    // another tenant's export is not held up by this one's
    const grinding = await t.login('demo-grind', 'admin');
    const other = await t.request({ method: 'GET', url: '/api/tenant/export', headers: bearer(grinding) });
    expect(other.statusCode).toBe(200);

    // the client goes away: the export stops, and the next one runs
    running.abort();
    await reader.cancel().catch(() => {});
    let next = 0;
    for (let attempt = 0; attempt < 50 && next !== 200; attempt++) {
      const answer = await t.request({ method: 'GET', url: '/api/tenant/export', headers: bearer(admin) });
      next = answer.statusCode;
      if (next !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(next).toBe(200);
    // the fetches' kept-alive connections, so that the app closes at once
    t.app.server.closeAllConnections();
  }, 120_000);
});
