import { customerServiceRoutes, routeUrl, type TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { queryRows } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { parseCsv } from '../../lib/csv-parse';
import { lockHeardMachines, setPresence } from '../machines/index';
import { createAuditedAccess } from './audited-access';

let t: TestApp;
const tokens: Record<string, TokenPair> = {};
const tenantIds: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, tenant, username] of [
    ['support', 'kerf', 'support'],
    ['dev', 'kerf', 'dev'],
    ['serviceAdmin', 'kerf', 'service-admin'],
    ['sysadmin', 'kerf', 'sysadmin'],
    ['admin', 'demo', 'admin'],
    ['manager', 'demo', 'manager'],
    ['operator', 'demo', 'operator'],
    ['grindAdmin', 'demo-grind', 'admin'],
    ['maker', 'demo-maker', 'engineer'],
    ['makerAdmin', 'demo-maker', 'admin'],
  ] as const) {
    tokens[key] = await t.login(tenant, username);
  }
  const rows = await queryRows<{ id: string; slug: string }>(
    t.database.db,
    sql`SELECT id, slug FROM tenants`,
  );
  for (const row of rows) tenantIds[row.slug] = row.id;
});
afterAll(() => t.close());

const claims = (token: TokenPair) =>
  JSON.parse(Buffer.from(token.bearerToken.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
    tid: string;
  };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const cs = (method: Method, url: string, who: string, payload?: object) =>
  t.request({
    method,
    url: `/api/customer-service${url}`,
    headers: bearer(tokens[who]!),
    ...(payload ? { payload } : {}),
  });
const ps = (method: Method, url: string, who = 'admin') =>
  t.request({ method, url: `/api/printing-shop${url}`, headers: bearer(tokens[who]!) });

/** The audit entries in a tenant's own log, read as the owner outside the app roles. */
const auditOf = (slug: string, action: string) =>
  queryRows<{ action: string; target_id: string | null; details: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT action, target_id, details FROM audit_log WHERE tenant_id = ${tenantIds[slug]!} AND action = ${action}
        ORDER BY id`,
  );

async function bringOnline(serial: string) {
  await t.app.kerf.transactions.withTenant(tenantIds.demo!, async (tx) => {
    await setPresence(tx, serial, 'ONLINE', new Date().toISOString());
    await tx.execute(lockHeardMachines([serial]));
  });
}

describe('scope: customer service sees only the customers of its service areas', () => {
  it('lists the DACH customers for support, DACH and Benelux for the developer, all for the admin', async () => {
    const slugs = async (who: string) =>
      ((await cs('GET', '/tenants', who)).json() as { slug: string }[]).map((c) => c.slug).sort();
    expect(await slugs('support')).toEqual(['demo', 'demo-at', 'demo-grind']);
    expect(await slugs('dev')).toEqual(['demo', 'demo-at', 'demo-grind', 'demo-nl']);
    expect(await slugs('serviceAdmin')).toEqual(['demo', 'demo-at', 'demo-grind', 'demo-nl']);
    // and the auth module's tenant list no longer shows support every tenant
    const own = await t.request({
      method: 'GET',
      url: '/api/auth/tenants',
      headers: bearer(tokens.support!),
    });
    expect(own.json().items.map((tenant: { slug: string }) => tenant.slug)).toEqual(['kerf']);
  });

  it('answers 404 for a customer, machine, connection or report outside the areas, and finds nothing in search', async () => {
    const nl = tenantIds['demo-nl']!;
    expect((await cs('GET', `/customer-service/${nl}/user-view`, 'support')).json().code).toBe(
      'service.customer-service.CUSTOMER_NOT_FOUND',
    );
    expect((await cs('GET', '/serials/NL-115-0301', 'support')).json().code).toBe(
      'service.customer-service.MACHINE_NOT_FOUND',
    );
    expect((await cs('GET', '/serials/NL-115-0301', 'dev')).statusCode).toBe(200);
    expect((await cs('GET', '/search-view?search=NL-', 'support')).json()).toEqual({
      customers: [],
      machines: [],
    });
    expect((await cs('GET', '/search-view?search=NL-', 'dev')).json().machines).toHaveLength(2);
    expect((await cs('GET', `/reports/csv-export?tenantIds=${nl}`, 'support')).statusCode).toBe(404);
    expect((await cs('POST', '/NL-115-0301/services/VPN', 'support')).statusCode).toBe(404);
    const machines = (await cs('GET', '/cutting-machines', 'support')).json() as { serialNumber: string }[];
    expect(machines.some((m) => m.serialNumber.startsWith('NL-'))).toBe(false);
    expect(machines.map((m) => m.serialNumber)).toContain('AT-115-0201');
    const nlAccess = (await cs('GET', '/machine-accesses?serialNumber=NL-92-0302', 'dev')).json().items[0];
    expect(nlAccess.state).toBe('FAILED');
    expect((await cs('GET', `/machine-accesses/${nlAccess.id}`, 'support')).statusCode).toBe(404);
    const supportAccesses = (await cs('GET', '/machine-accesses?page_size=1000', 'support')).json();
    expect(supportAccesses.items.every((a: { tenantId: string }) => a.tenantId !== nl)).toBe(true);
  });

  it('shows support the contact and no diagnostics, the developer diagnostics and no contact', async () => {
    const demo = tenantIds.demo!;
    const bySupport = (await cs('GET', `/customer-service/${demo}/user-view`, 'support')).json();
    expect(bySupport.contact).toMatchObject({ name: 'Stefan Krause' });
    expect(bySupport.machines).toHaveLength(5);
    const byDev = (await cs('GET', `/customer-service/${demo}/user-view`, 'dev')).json();
    expect(byDev.contact).toBeNull();
    const accessesDev = (await cs('GET', '/serials/PM-92-0004', 'dev')).json().accesses;
    expect(accessesDev.length).toBeGreaterThanOrEqual(2);
    expect(accessesDev[0].diagnostics).toMatchObject({ gateManager: expect.any(String) });
    const accessesSupport = (await cs('GET', '/serials/PM-92-0004', 'support')).json().accesses;
    expect(accessesSupport.every((a: { diagnostics: unknown }) => a.diagnostics === null)).toBe(true);
  });
});

describe('ordinary tenant users reach none of the customer-service endpoints', () => {
  it('answers 403 to printing-shop, grinding-shop and manufacturer users on every /api/customer-service route', async () => {
    const routes = customerServiceRoutes.filter((route) => route.module === 'customer-service');
    let checked = 0;
    for (const who of ['admin', 'manager', 'operator', 'grindAdmin', 'maker', 'makerAdmin']) {
      for (const route of routes) {
        if (route.access === 'manufacturer-fleet:read' && who.startsWith('maker')) continue;
        const url = routeUrl(route)
          .replace(':id', tenantIds.demo!)
          .replace(':shopId', tenantIds.demo!)
          .replace(':serial', 'PM-115-0001')
          .replace(':serviceType', 'VPN');
        const response = await t.request({
          method: route.method,
          url,
          headers: bearer(tokens[who]!),
          ...(['POST', 'PUT'].includes(route.method) ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${who} ${route.method} ${route.path}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('keeps service users out of the tenant admin endpoints', async () => {
    for (const url of ['/support-accesses', '/manufacturer-accesses']) {
      expect((await ps('GET', url, 'support')).statusCode).toBe(403);
      expect((await ps('GET', url, 'manager')).statusCode).toBe(403);
    }
  });
});

describe('audit: every cross-tenant read is written to the customer’s log, and its admin reads it', () => {
  it('records who, which tenant, what and when for a machine read, and shows it to the tenant admin', async () => {
    const before = (await auditOf('demo', 'customer-service.machine.read')).length;
    expect((await cs('GET', '/serials/PM-115-0001', 'support')).statusCode).toBe(200);
    const after = await auditOf('demo', 'customer-service.machine.read');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.details).toMatchObject({
      actorName: 'Aylin Demir',
      actorRole: 'SERVICE_USER_SUPPORT',
      actorTenantName: 'Kerf',
      label: 'PM-115-0001',
    });
    // also in the actor's own log (withPlatform)
    expect((await auditOf('kerf', 'customer-service.machine.read')).length).toBeGreaterThan(0);

    const page = (await ps('GET', '/support-accesses?page_size=5')).json();
    expect(page.total).toBeGreaterThan(before);
    expect(page.items[0]).toMatchObject({
      action: 'customer-service.machine.read',
      actorName: 'Aylin Demir',
      actorRole: 'SERVICE_USER_SUPPORT',
      targetLabel: 'PM-115-0001',
    });
  });

  it('covers the read of every customer endpoint with an entry in each customer the answer held', async () => {
    const demo = tenantIds.demo!;
    // Reads coalesce within the audit window (ADR 0016): an entry of this action from the last
    // 15 minutes in the customer's log covers the read.
    const recent = async (slug: string, action: string) =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ${tenantIds[slug]!}
              AND action = ${action} AND at > now() - interval '15 minutes'`,
        )
      )[0]!.n;
    const access = (await cs('GET', '/machine-accesses?serialNumber=PM-115-0001', 'support')).json().items[0];
    const reads: [string, string, string, string[]][] = [
      ['support', '/tenants', 'customer-service.customers.list', ['demo', 'demo-at', 'demo-grind']],
      ['support', '/search-view?search=PM-115', 'customer-service.search', ['demo']],
      ['support', `/customer-service/${demo}/user-view`, 'customer-service.customer.read', ['demo']],
      ['support', '/cutting-machines', 'customer-service.machines.list', ['demo', 'demo-at']],
      ['support', '/serials/PM-137-0003', 'customer-service.machine.read', ['demo']],
      ['support', '/machine-accesses', 'customer-service.machine-accesses.list', ['demo']],
      ['support', `/machine-accesses/${access.id}`, 'customer-service.machine-access.read', ['demo']],
      ['dev', '/cutting-machines?search=NL-', 'customer-service.machines.list', ['demo-nl']],
      [
        'support',
        `/reports/csv-export?tenantIds=${demo},${tenantIds['demo-at']}`,
        'customer-service.report.export',
        ['demo', 'demo-at'],
      ],
      ['maker', '/manufacturer-view/cutting-machines', 'manufacturer.fleet.read', ['demo']],
    ];
    for (const [who, url, action, slugs] of reads) {
      const response = await cs('GET', url, who);
      expect(response.statusCode, url).toBe(200);
      for (const slug of slugs) expect(await recent(slug, action), `${url} → ${slug}`).toBeGreaterThan(0);
    }
  });

  it('keeps the volume sane: a repeated list view writes nothing new, another person has their own', async () => {
    const count = async (slug: string, action: string, who: string) =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ${tenantIds[slug]!} AND action = ${action}
              AND actor_user_id = ${claims(tokens[who]!).sub}`,
        )
      )[0]!.n;
    const list = 'customer-service.customers.list';
    await cs('GET', '/tenants', 'support');
    const once = await count('demo', list, 'support');
    expect(once).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect((await cs('GET', '/tenants', 'support')).statusCode).toBe(200);
    expect(await count('demo', list, 'support')).toBe(once);
    // The customer-service admin is another person: their own entry.
    await cs('GET', '/tenants', 'serviceAdmin');
    expect(await count('demo', list, 'serviceAdmin')).toBeGreaterThan(0);
    // An export is written every time.
    const exports = await count('demo', 'customer-service.report.export', 'support');
    await cs('GET', `/reports/csv-export?tenantIds=${tenantIds.demo}`, 'support');
    await cs('GET', `/reports/csv-export?tenantIds=${tenantIds.demo}`, 'support');
    expect(await count('demo', 'customer-service.report.export', 'support')).toBe(exports + 2);
  });

  it('writes again once the window has passed, and the tenant admin still reads who looked', async () => {
    let clock = Date.parse('2026-11-23T10:00:00Z');
    const audited = createAuditedAccess(t.app.kerf.transactions, { windowMs: 60_000, now: () => clock });
    const { sub, tid } = claims(tokens.support!);
    const actor: Actor = {
      tenantId: tid,
      userId: sub,
      sessionId: '',
      tenantKind: 'PROVIDER',
      role: 'SERVICE_USER_SUPPORT',
      ip: '127.0.0.1',
    };
    const action = 'customer-service.window-test.read';
    const read = () =>
      audited(actor, action, {}, async () => ({
        result: null,
        touched: [
          {
            tenantId: tenantIds.demo!,
            targetType: 'machine' as const,
            targetId: 'PM-115-0001',
            label: 'PM-115-0001',
          },
          { tenantId: tenantIds['demo-at']!, targetType: 'machine' as const, targetId: 'AT-115-0201' },
        ],
      }));
    await read();
    clock += 30_000;
    await read();
    expect(await auditOf('demo', action)).toHaveLength(1);
    expect(await auditOf('demo-at', action)).toHaveLength(1);
    clock += 31_000;
    await read();
    expect(await auditOf('demo', action)).toHaveLength(2);
    expect(await auditOf('demo-at', action)).toHaveLength(2);
    const page = (await ps('GET', '/support-accesses?page_size=50')).json();
    expect(page.items.filter((item: { action: string }) => item.action === action)).toHaveLength(2);
    expect(page.items.find((item: { action: string }) => item.action === action)).toMatchObject({
      actorName: 'Aylin Demir',
      targetLabel: 'PM-115-0001',
    });
  });
});

describe('the memory of audit windows', () => {
  it('remembers at most its bound of windows: a read of one it had to forget is written again', async () => {
    const clock = Date.parse('2026-11-23T12:00:00Z');
    const audited = createAuditedAccess(t.app.kerf.transactions, { maxWindows: 2, now: () => clock });
    const { sub, tid } = claims(tokens.support!);
    const actor: Actor = {
      tenantId: tid,
      userId: sub,
      sessionId: '',
      tenantKind: 'PROVIDER',
      role: 'SERVICE_USER_SUPPORT',
      ip: '127.0.0.1',
    };
    const action = 'customer-service.bound-test.read';
    const read = (targets: string[]) =>
      audited(actor, action, {}, async () => ({
        result: null,
        touched: targets.map((targetId) => ({
          tenantId: tenantIds.demo!,
          targetType: 'machine' as const,
          targetId,
        })),
      }));
    const written = async () => {
      const counts: Record<string, number> = {};
      for (const row of await auditOf('demo', action))
        counts[row.target_id!] = (counts[row.target_id!] ?? 0) + 1;
      return counts;
    };
    await read(['A', 'B', 'C', 'D']);
    expect(await written()).toEqual({ A: 1, B: 1, C: 1, D: 1 });
    // Only the last two fit: C and D are within their window, A and B forgotten.
    await read(['A', 'B', 'C', 'D']);
    expect(await written()).toEqual({ A: 2, B: 2, C: 1, D: 1 });
    // Remembering A and B again made C and D the ones to forget.
    await read(['C', 'D', 'A', 'B']);
    expect(await written()).toEqual({ A: 2, B: 2, C: 2, D: 2 });
  });
});

describe('manufacturers see only granted machines of their make', () => {
  it('shows the demo shop’s Polar machines (granted), not the Austrian ones (not granted) nor other makes', async () => {
    const fleet = (await cs('GET', '/manufacturer-view/cutting-machines', 'maker')).json();
    expect(fleet.make).toBe('Polar');
    expect(fleet.machines.map((m: { serialNumber: string }) => m.serialNumber).sort()).toEqual([
      'PM-115-0001',
      'PM-115-0002',
      'PM-137-0003',
      'PM-137-0005',
      'PM-92-0004',
    ]);
    expect(JSON.stringify(fleet)).not.toMatch(/operator|Jonas|Becker/i);
  });

  it('loses them when the tenant admin revokes the grant and sees them again once granted', async () => {
    const [maker] = (await ps('GET', '/manufacturer-accesses')).json();
    expect(maker).toMatchObject({
      name: 'Polar Werksservice (Demo)',
      make: 'Polar',
      machineCount: 5,
      granted: true,
    });
    expect((await ps('DELETE', `/manufacturer-accesses/${maker.manufacturerId}`)).json().granted).toBe(false);
    expect((await cs('GET', '/manufacturer-view/cutting-machines', 'maker')).json().machines).toEqual([]);
    expect((await ps('PUT', `/manufacturer-accesses/${maker.manufacturerId}`)).json().granted).toBe(true);
    expect((await cs('GET', '/manufacturer-view/cutting-machines', 'maker')).json().machines).toHaveLength(5);
    const unknown = await ps('PUT', `/manufacturer-accesses/${tenantIds.demo}`);
    expect(unknown.json().code).toBe('service.customer-service.MANUFACTURER_NOT_FOUND');
  });
});

describe('remote-service connections', () => {
  it('opens a connection to an online machine, refuses a second of the same type and closes it', async () => {
    await bringOnline('PM-137-0005');
    const opened = await cs('POST', '/PM-137-0005/services/LOG_DOWNLOAD', 'support');
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({
      state: 'ACTIVE',
      userName: 'Aylin Demir',
      serviceType: 'LOG_DOWNLOAD',
    });
    const again = await cs('POST', '/PM-137-0005/services/LOG_DOWNLOAD', 'dev');
    expect(again.json().code).toBe('service.customer-service.MACHINE_ACCESS_ACTIVE');
    const machine = (await cs('GET', '/serials/PM-137-0005', 'support')).json();
    expect(machine.machine.activeAccessId).toBe(opened.json().id);
    const closed = await cs('DELETE', `/machine-accesses/${opened.json().id}`, 'dev');
    expect(closed.json()).toMatchObject({ state: 'CLOSED', closedAt: expect.any(String) });
    expect(closed.json().diagnostics).toMatchObject({ protocol: expect.stringContaining('HTTPS') });
    const log = await auditOf('demo', 'customer-service.machine-access.open');
    expect(log.some((entry) => entry.target_id === opened.json().id)).toBe(true);
  });

  it('records an attempt on an offline machine as FAILED', async () => {
    const failed = await cs('POST', '/AT-115-0201/services/VPN', 'dev');
    expect(failed.statusCode).toBe(201);
    expect(failed.json()).toMatchObject({
      state: 'FAILED',
      diagnostics: { failureReason: expect.any(String) },
    });
    expect((await cs('POST', '/XX-0000/services/VPN', 'dev')).json().code).toBe(
      'service.customer-service.MACHINE_NOT_FOUND',
    );
    expect((await cs('POST', '/PM-115-0001/services/TELNET', 'dev')).statusCode).toBe(400);
    expect((await cs('POST', '/PM-115-0001/services/VPN', 'serviceAdmin')).statusCode).toBe(403);
  });

  it('shows the demo’s connection history with every state', async () => {
    const page = (await cs('GET', '/machine-accesses?page_size=100', 'dev')).json();
    const states = new Set(page.items.map((a: { state: string }) => a.state));
    expect([...states].sort()).toEqual(['ACTIVE', 'CLOSED', 'FAILED']);
    const types = new Set(page.items.map((a: { serviceType: string }) => a.serviceType));
    expect(types.size).toBe(3);
  });
});

describe('CSV report', () => {
  it('exports the machines of two selected customers with licences, online status, uptime and cuts', async () => {
    const ids = `${tenantIds.demo},${tenantIds['demo-at']}`;
    const response = await cs('GET', `/reports/csv-export?tenantIds=${ids}&days=7`, 'support');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Customer,Cutting machine,Serial number,Manufacturer,Type,Location,Licensed since (ISO 8601),Licensed since (UTC),Online status,Online status (code),Status,Status (code),Uptime (h),Cuts,Total cuts',
    );
    expect(lines).toHaveLength(1 + 5 + 2);
    expect(
      lines.some((line) => line.startsWith('Druckhaus Alpenblick GmbH,Schneidanlage 1,AT-115-0201')),
    ).toBe(true);
    const all = await cs('GET', '/reports/csv-export', 'support');
    expect(all.body.trim().split('\r\n')).toHaveLength(1 + 5 + 2);
  });

  it('follows the dialect of the user’s language, like the knife CSVs', async () => {
    const german = await cs(
      'GET',
      `/reports/csv-export?tenantIds=${tenantIds.demo}&days=7&lang=GERMAN`,
      'support',
    );
    expect(german.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(german.body).map((record) => record.cells);
    expect(header!.join(';')).toBe(
      'Kunde;Schneidemaschine;Seriennummer;Hersteller;Typ;Standort;Lizenziert seit (ISO 8601);Lizenziert seit (UTC);Online-Status;Online-Status (Code);Status;Status (Code);Laufzeit (h);Schnitte;Schnitte gesamt',
    );
    const uptimes = rows.map((row) => row[12]!);
    expect(uptimes.every((value) => /^\d+(,\d+)?$/.test(value))).toBe(true);
    expect(uptimes.every((value) => !value.includes('.'))).toBe(true);
    const arabic = await cs(
      'GET',
      `/reports/csv-export?tenantIds=${tenantIds.demo}&days=7&lang=ARABIC`,
      'support',
    );
    expect(arabic.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('العميل,آلة القص,');
    expect((await cs('GET', '/reports/csv-export?lang=KLINGON', 'support')).statusCode).toBe(400);
  });
});

describe('customer-service admin: service areas and employees', () => {
  it('creates, renames, fills and deletes a service area', async () => {
    const nl = tenantIds['demo-nl']!;
    const created = await cs('POST', '/service-areas', 'serviceAdmin', {
      value: ' Nordics ',
      tenantIds: [nl],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Nordics', machineCount: 2, employeeCount: 0 });
    expect(created.json().customers.map((c: { slug: string }) => c.slug)).toEqual(['demo-nl']);
    const id = created.json().id as string;
    expect((await cs('POST', '/service-areas', 'serviceAdmin', { value: 'nordics' })).json().code).toBe(
      'service.customer-service.SERVICE_AREA_NAME_TAKEN',
    );
    expect(
      (await cs('POST', '/service-areas', 'serviceAdmin', { value: 'X', tenantIds: [tenantIds.kerf] })).json()
        .code,
    ).toBe('service.customer-service.CUSTOMER_NOT_FOUND');
    expect(
      (await cs('POST', '/service-areas', 'serviceAdmin', { value: '' })).json().details.fields[0],
    ).toMatchObject({
      field: 'value',
      code: 'REQUIRED',
    });
    const updated = await cs('PUT', `/service-areas/${id}`, 'serviceAdmin', {
      value: 'Nordics & Baltics',
      tenantIds: [nl, tenantIds['demo-at']],
    });
    expect(updated.json()).toMatchObject({ name: 'Nordics & Baltics', machineCount: 4 });
    expect((await cs('GET', `/service-areas/${id}/cutting-machines`, 'serviceAdmin')).json()).toHaveLength(4);

    const user = await cs('POST', '/users', 'serviceAdmin', {
      username: 'lars',
      password: 'Kerf-Service-2026!',
      firstName: 'Lars',
      lastName: 'Nilsson',
      role: 'SERVICE_USER_SUPPORT',
      serviceAreaIds: [id],
    });
    expect(user.statusCode, user.body).toBe(201);
    expect(user.json()).toMatchObject({ role: 'SERVICE_USER_SUPPORT', serviceAreaIds: [id] });
    const lars = await t.login('kerf', 'lars', 'Kerf-Service-2026!');
    const larsCustomers = (
      await t.request({ method: 'GET', url: '/api/customer-service/tenants', headers: bearer(lars) })
    ).json();
    expect(larsCustomers.map((c: { slug: string }) => c.slug).sort()).toEqual(['demo-at', 'demo-nl']);
    expect((await cs('GET', `/service-areas/${id}/user-view`, 'serviceAdmin')).json()[0].username).toBe(
      'lars',
    );
    const userId = user.json().id as string;
    expect((await cs('GET', `/users/${userId}/service-areas`, 'serviceAdmin')).json()).toEqual({
      serviceAreaIds: [id],
    });
    const areas = (await cs('GET', '/service-areas', 'serviceAdmin')).json() as {
      id: string;
      name: string;
    }[];
    const dach = areas.find((area) => area.name === 'DACH')!;
    const moved = await cs('PUT', `/users/${userId}/service-areas`, 'serviceAdmin', {
      serviceAreaIds: [dach.id, id],
    });
    expect(moved.json().serviceAreaIds.sort()).toEqual([dach.id, id].sort());
    expect(
      (
        await cs('PUT', `/users/${userId}/service-areas`, 'serviceAdmin', {
          serviceAreaIds: [tenantIds.demo],
        })
      ).json().details.fields[0],
    ).toMatchObject({ field: 'serviceAreaIds', code: 'INVALID_VALUE' });
    expect(
      (await cs('POST', '/users', 'serviceAdmin', { ...user.json(), password: 'Kerf-Service-2026!' }))
        .statusCode,
    ).toBe(400);
    const staff = (await cs('GET', '/users', 'serviceAdmin')).json() as { username: string }[];
    expect(staff.map((s) => s.username).sort()).toEqual(['dev', 'lars', 'service-admin', 'support']);

    // product.md §5 as for a location: while Lars works in the area it stays, and the refusal names him
    const refused = await cs('DELETE', `/service-areas/${id}`, 'serviceAdmin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'service.customer-service.SERVICE_AREA_HAS_USERS',
      details: { assigned: { count: 1, names: ['Lars Nilsson'] } },
    });
    expect(
      (await cs('GET', `/users/${userId}/service-areas`, 'serviceAdmin')).json().serviceAreaIds,
    ).toContain(id);
    await cs('PUT', `/users/${userId}/service-areas`, 'serviceAdmin', { serviceAreaIds: [dach.id] });
    expect((await cs('DELETE', `/service-areas/${id}`, 'serviceAdmin')).statusCode).toBe(204);
    expect((await cs('GET', `/service-areas/${id}`, 'serviceAdmin')).json().code).toBe(
      'service.customer-service.SERVICE_AREA_NOT_FOUND',
    );
    expect((await cs('GET', `/users/${userId}/service-areas`, 'serviceAdmin')).json()).toEqual({
      serviceAreaIds: [dach.id],
    });
    // support and developers do not manage service areas
    expect((await cs('GET', '/service-areas', 'support')).statusCode).toBe(403);
  });

  it('creates service staff by auth’s rules: a taken name, a weak password, the audit record with the areas', async () => {
    const person = { firstName: 'Nora', lastName: 'Berg', role: 'SERVICE_USER_DEV' };
    const taken = await cs('POST', '/users', 'serviceAdmin', {
      ...person,
      username: 'support',
      password: 'Kerf-Service-2026!',
    });
    expect(taken.json().code).toBe('authentication.USER_ALREADY_EXISTS');
    const weak = await cs('POST', '/users', 'serviceAdmin', {
      ...person,
      username: 'nora',
      password: 'Password1!',
    });
    expect(weak.json().details.fields[0]).toMatchObject({ field: 'password', code: 'PASSWORD_TOO_COMMON' });

    const dach = (
      (await cs('GET', '/service-areas', 'serviceAdmin')).json() as { id: string; name: string }[]
    ).find((area) => area.name === 'DACH')!;
    const created = await cs('POST', '/users', 'serviceAdmin', {
      ...person,
      username: 'nora',
      password: 'Kerf-Service-2026!',
      serviceAreaIds: [dach.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [record] = (await auditOf('kerf', 'user.created')).filter(
      (row) => row.target_id === created.json().id,
    );
    expect(record!.details).toEqual({ role: 'SERVICE_USER_DEV', serviceAreaIds: [dach.id] });
  });

  it('a delete racing an assignment to the area: either the delete is refused or the assignment finds no area', async () => {
    for (let round = 0; round < 4; round++) {
      const id = (
        await cs('POST', '/service-areas', 'serviceAdmin', { value: `Race ${round}`, tenantIds: [] })
      ).json().id as string;
      const user = await cs('POST', '/users', 'serviceAdmin', {
        username: `racer-${round}`,
        password: 'Kerf-Service-2026!',
        firstName: 'Rita',
        lastName: `Racer ${round}`,
        role: 'SERVICE_USER_SUPPORT',
        serviceAreaIds: [],
      });
      const userId = user.json().id as string;
      const [assigned, deleted] = await Promise.all([
        cs('PUT', `/users/${userId}/service-areas`, 'serviceAdmin', { serviceAreaIds: [id] }),
        cs('DELETE', `/service-areas/${id}`, 'serviceAdmin'),
      ]);
      const areaIds = (await cs('GET', `/users/${userId}/service-areas`, 'serviceAdmin')).json()
        .serviceAreaIds;
      if (deleted.statusCode === 204) {
        // the area went first: the assignment was refused and Rita works in no deleted area
        expect(assigned.statusCode).toBe(400);
        expect(areaIds).toEqual([]);
      } else {
        expect(deleted.json().code).toBe('service.customer-service.SERVICE_AREA_HAS_USERS');
        expect(assigned.statusCode).toBe(200);
        expect(areaIds).toEqual([id]);
      }
    }
  });
});
