import crypto from 'node:crypto';
import {
  authRoutes,
  customerServiceRoutes,
  knifeRoutes,
  type Role,
  routeUrl,
  type TokenPair,
} from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { insertKnife } from '../../src/modules/knife/index';
import { bearer, startTestApp, type TestApp } from '../harness';
import { machineIdsBySerial } from '../machine-helpers';

/**
 * Tenant A (demo, and a second printing shop) against tenant B: every role of A, every endpoint of
 * the auth module that takes an id, every object of B. Nothing of B may be read or changed.
 */
let t: TestApp;
let tenantB: { tenantId: string; userIds: Record<string, string> };
const tokensA: Record<string, TokenPair> = {};
const ROLES_A: Role[] = ['ADMIN_PRINTING_SHOP', 'PRINTING_SHOP_MANAGER', 'PRINTING_SHOP_OPERATOR'];

beforeAll(async () => {
  t = await startTestApp({ CAPTCHA_MAX_COUNTER: '20' });
  tenantB = await t.addTenant('acme-print', 'PRINTING_SHOP', ROLES_A);
  for (const [username, role] of [
    ['admin', 'ADMIN_PRINTING_SHOP'],
    ['manager', 'PRINTING_SHOP_MANAGER'],
    ['operator', 'PRINTING_SHOP_OPERATOR'],
  ] as const) {
    tokensA[role] = await t.login('demo', username);
  }
  tokensA.SYSTEM_ADMIN = await t.login('kerf', 'sysadmin');
  tokensA.ADMIN_GRINDING_SHOP = await t.login('demo-grind', 'admin');
});
afterAll(() => t.close());

const snapshotB = async () => {
  const admin = await t.login('acme-print', 'admin-printing-shop');
  const users = await Promise.all(
    Object.values(tenantB.userIds).map(
      async (id) =>
        (await t.request({ method: 'GET', url: `/api/auth/users/${id}`, headers: bearer(admin) })).body,
    ),
  );
  return users.join('\n');
};

describe('tenant isolation over the auth module', () => {
  it('answers 404 for every foreign user id on every id endpoint, for every role, and changes nothing', async () => {
    const before = await snapshotB();
    const idRoutes = authRoutes.filter((route) => route.path.includes(':id'));
    expect(idRoutes.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /users/:id',
      'PUT /users/:id',
      'DELETE /users/:id',
    ]);
    const payload = {
      username: 'hijacked',
      firstName: 'X',
      lastName: 'Y',
      role: 'PRINTING_SHOP_OPERATOR',
      password: 'Hijack-Attempt-9',
    };
    let requests = 0;
    for (const [role, tokens] of Object.entries(tokensA)) {
      for (const route of idRoutes) {
        for (const id of Object.values(tenantB.userIds)) {
          const response = await t.request({
            method: route.method,
            url: `/api/auth${route.path.replace(':id', id)}`,
            headers: bearer(tokens),
            ...(route.method === 'PUT' ? { payload } : {}),
          });
          requests++;
          expect(response.statusCode, `${role} ${route.method} ${route.path}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(response.body).not.toContain('acme');
          if (response.statusCode !== 403) expect(response.statusCode).toBe(404);
        }
      }
    }
    expect(requests).toBe(Object.keys(tokensA).length * 3 * ROLES_A.length);
    expect(await snapshotB()).toBe(before);
  });

  it('lists never include another tenant', async () => {
    for (const role of ROLES_A) {
      const page = (
        await t.request({
          method: 'GET',
          url: '/api/auth/tenants?page_size=1000',
          headers: bearer(tokensA[role]!),
        })
      ).json();
      expect(page.items.map((tenant: { slug: string }) => tenant.slug)).toEqual(['demo']);
    }
  });

  it('refuses a validly signed token that names another tenant than its session', async () => {
    const own = tokensA.ADMIN_PRINTING_SHOP!;
    const claims = JSON.parse(Buffer.from(own.bearerToken.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT({ ...claims, tid: tenantB.tenantId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const response = await t.request({
      method: 'GET',
      url: '/api/auth/users/self',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
    for (const id of Object.values(tenantB.userIds)) {
      const answer = await t.request({
        method: 'GET',
        url: `/api/auth/users/${id}`,
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(answer.statusCode).toBe(401);
    }
  });

  it('cannot sign in with one tenant’s account under another tenant id', async () => {
    await expect(t.login('acme-print', 'admin')).rejects.toThrow(/401/);
    await expect(t.login('demo', 'admin-printing-shop')).rejects.toThrow(/401/);
  });

  it('creating a user never lands in another tenant, even when tenantId is sent', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/users',
      headers: bearer(tokensA.ADMIN_PRINTING_SHOP!),
      payload: {
        tenantId: tenantB.tenantId,
        username: 'mole',
        password: 'Maulwurf-Graben-3',
        firstName: 'M',
        lastName: 'O',
        role: 'PRINTING_SHOP_OPERATOR',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields).toContainEqual(
      expect.objectContaining({ field: 'tenantId', code: 'UNKNOWN_FIELD' }),
    );
  });
});

describe('tenant isolation over the knife module', () => {
  const FOREIGN = 'B0B0B0B0B0B0B0B0';
  /** the same tag id as one of demo's knives: each tenant sees only its own */
  const SHARED = 'E280116000000001';
  const knifeBody = {
    articleNumber: 'ACME-1',
    knifeClassName: 'Fremdmesser',
    height: 120,
    backThickness: 12,
  };
  const ownKnife = {
    articleNumber: 'DEMO-1',
    knifeClassName: 'HSS standard',
    height: 120,
    backThickness: 12,
  };
  const readB = () =>
    t.app.kerf.transactions.withTenant(tenantB.tenantId, (tx) =>
      queryRows<{ rfid: string; articleNumber: string; height: number }>(
        tx,
        sql`SELECT rfid, article_number AS "articleNumber", height FROM knives ORDER BY rfid`,
      ),
    );

  beforeAll(async () => {
    await t.app.kerf.transactions.withTenant(tenantB.tenantId, async (tx) => {
      for (const rfid of [FOREIGN, SHARED])
        await insertKnife(tx, tenantB.tenantId, {
          rfid,
          ...knifeBody,
          angleVf: null,
          angleHf: null,
          angleTm: null,
          carrierMaterial: null,
          material: null,
        });
    });
  });

  it('answers KNIFE_NOT_FOUND for a foreign knife on every knife route and changes nothing', async () => {
    const before = await readB();
    const manager = tokensA.PRINTING_SHOP_MANAGER!;
    const rfidRoutes = knifeRoutes.filter((route) => route.path.includes(':rfid'));
    expect(rfidRoutes.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /knives/:rfid',
      'PUT /knives/:rfid',
      'GET /knives/:rfid/grinding-cycles',
      'GET /knives/:rfid/events',
    ]);
    for (const route of rfidRoutes) {
      const response = await t.request({
        method: route.method,
        url: `/api/knife${route.path.replace(':rfid', FOREIGN)}`,
        headers: bearer(manager),
        ...(route.method === 'PUT' ? { payload: { ...knifeBody, height: 1 } } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(404);
      expect(response.json().code).toBe('service.knives.KNIFE_NOT_FOUND');
    }
    const comparison = await t.request({
      method: 'GET',
      url: `/api/knife/knives/comparison/csv-export?rfids=${FOREIGN}`,
      headers: bearer(manager),
    });
    expect(comparison.statusCode).toBe(404);
    const option = await t.request({
      method: 'PUT',
      url: `/api/printing-shop/config-options/scope/KNIFE/type/KNIFE_SWAP_INTERVAL/object/${FOREIGN}`,
      headers: bearer(manager),
      payload: { value: 500 },
    });
    expect(option.statusCode).toBe(404);
    const create = await t.request({
      method: 'POST',
      url: '/api/knife/knives',
      headers: bearer(manager),
      payload: { rfid: FOREIGN, ...ownKnife },
    });
    // the tag id is free in this tenant: registering it creates demo's own knife, not B's
    expect(create.statusCode).toBe(201);
    expect(await readB()).toEqual(before);
  });

  it('a tag id both tenants use reads and edits only the own knife', async () => {
    const manager = tokensA.PRINTING_SHOP_MANAGER!;
    const before = await readB();
    const own = await t.request({
      method: 'GET',
      url: `/api/knife/knives/${SHARED}`,
      headers: bearer(manager),
    });
    expect(own.json().articleNumber).toBe('PM-K-1150');
    const edit = await t.request({
      method: 'PUT',
      url: `/api/knife/knives/${SHARED}`,
      headers: bearer(manager),
      payload: { ...ownKnife, articleNumber: 'PM-K-1150', height: 100 },
    });
    expect(edit.statusCode).toBe(200);
    expect(await readB()).toEqual(before);
  });

  it('lists, overview, groups, minimal info and CSV never include another tenant', async () => {
    const manager = tokensA.PRINTING_SHOP_MANAGER!;
    for (const url of [
      '/api/knife/knives?page_size=1000&search=ACME',
      '/api/knife/knives/manager-view',
      '/api/knife/knives/grouped-by-printing-shop-ids',
      '/api/knife/knives/minimal-info',
      '/api/knife/knives/csv-export',
    ]) {
      const response = await t.request({ method: 'GET', url, headers: bearer(manager) });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('ACME');
      expect(response.body, url).not.toContain('Fremdmesser');
    }
    const minimal = (
      await t.request({ method: 'GET', url: '/api/knife/knives/minimal-info', headers: bearer(manager) })
    ).json();
    expect(minimal.items.map((k: { rfid: string }) => k.rfid)).not.toContain('B0B0B0B0B0B0B0B1');
  });
});

describe('tenant isolation over the setup assistant', () => {
  it('another tenant can neither start, list nor read the setup checks of a machine, nor see its site manager', async () => {
    const adminA = tokensA.ADMIN_PRINTING_SHOP!;
    const machineId = (await machineIdsBySerial(t, adminA, ['PM-115-0001']))['PM-115-0001']!;
    const started = await t.request({
      method: 'POST',
      url: `/api/printing-shop/cutting-machines/${machineId}/setup-checks`,
      headers: bearer(adminA),
    });
    expect(started.statusCode).toBe(201);
    const runId = started.json().id as string;

    const adminB = await t.login('acme-print', 'admin-printing-shop');
    for (const [method, url] of [
      ['POST', `/api/printing-shop/cutting-machines/${machineId}/setup-checks`],
      ['GET', `/api/printing-shop/cutting-machines/${machineId}/setup-checks`],
      ['GET', `/api/printing-shop/cutting-machines/${machineId}/setup-checks/${runId}`],
    ] as const) {
      const response = await t.request({ method, url, headers: bearer(adminB) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const siteManager = await t.request({
      method: 'GET',
      url: '/api/printing-shop/setup/site-manager',
      headers: bearer(adminB),
    });
    expect(siteManager.json()).toEqual({ serialNumber: null });
    const runs = await t.request({
      method: 'GET',
      url: `/api/printing-shop/cutting-machines/${machineId}/setup-checks`,
      headers: bearer(adminA),
    });
    expect((runs.json() as { id: string }[]).map((run) => run.id)).toContain(runId);
  });
});

describe('tenant isolation over customer service and manufacturers (issue 14)', () => {
  it('refuses every /api/customer-service route to the printing-shop and grinding-shop roles', async () => {
    const routes = customerServiceRoutes.filter((route) => route.module === 'customer-service');
    for (const [role, tokens] of Object.entries(tokensA)) {
      if (role === 'SYSTEM_ADMIN') continue;
      for (const route of routes) {
        const url = routeUrl(route)
          .replace(/:(id|shopId)/, tenantB.tenantId)
          .replace(':serial', 'PM-115-0001')
          .replace(':serviceType', 'VPN');
        const response = await t.request({ method: route.method, url, headers: bearer(tokens) });
        expect(response.statusCode, `${role} ${route.method} ${route.path}`).toBe(403);
      }
    }
  });

  it('keeps a customer out of customer service until it is in a service area of the user', async () => {
    const support = await t.login('kerf', 'support');
    const view = await t.request({
      method: 'GET',
      url: `/api/customer-service/customer-service/${tenantB.tenantId}/user-view`,
      headers: bearer(support),
    });
    expect(view.statusCode).toBe(404);
    const list = await t.request({
      method: 'GET',
      url: '/api/customer-service/tenants',
      headers: bearer(support),
    });
    expect(list.body).not.toContain('acme');
  });

  it('shows each tenant admin only its own support accesses and manufacturer grants', async () => {
    const adminB = await t.login('acme-print', 'admin-printing-shop');
    const accessesB = await t.request({
      method: 'GET',
      url: '/api/printing-shop/support-accesses',
      headers: bearer(adminB),
    });
    expect(accessesB.json()).toMatchObject({ total: 0, items: [] });
    const accessesA = await t.request({
      method: 'GET',
      url: '/api/printing-shop/support-accesses',
      headers: bearer(tokensA.ADMIN_PRINTING_SHOP!),
    });
    expect(accessesA.json().total).toBeGreaterThan(0);
    // demo granted the demo manufacturer; acme did not, and demo's grant or revoke never changes acme's
    const grantsB = (
      await t.request({
        method: 'GET',
        url: '/api/printing-shop/manufacturer-accesses',
        headers: bearer(adminB),
      })
    ).json();
    expect(grantsB.map((grant: { granted: boolean }) => grant.granted)).toEqual([false]);
    const id = grantsB[0].manufacturerId as string;
    for (const method of ['PUT', 'DELETE', 'PUT'] as const) {
      await t.request({
        method,
        url: `/api/printing-shop/manufacturer-accesses/${id}`,
        headers: bearer(tokensA.ADMIN_PRINTING_SHOP!),
      });
    }
    const after = (
      await t.request({
        method: 'GET',
        url: '/api/printing-shop/manufacturer-accesses',
        headers: bearer(adminB),
      })
    ).json();
    expect(after.map((grant: { granted: boolean }) => grant.granted)).toEqual([false]);
  });
});

describe('tenant isolation over the report server (issue 11)', () => {
  const PERIOD = {
    startDate: '2026-03-01T00:00:00Z',
    endDate: '2026-04-01T00:00:00Z',
    timeZone: 'Europe/Berlin',
  };
  const REPORTS = [
    '/api/report/reports/employees/cuts-chart',
    '/api/report/reports/employees/cuts-per-hour-chart',
    '/api/report/reports/employees/times-chart-for-range',
    '/api/report/reports/employees/total-times',
    '/api/report/reports/employees/csv-exports',
    '/api/report/reports/cutting-machines/average-uptime',
    '/api/report/reports/cutting-machines/total-uptime',
    '/api/report/reports/cutting-machines/used-knives-count',
    '/api/report/reports/cutting-machines/csv-exports',
    '/api/report/reports/cutting-machines/uptime-last-24h',
    '/api/report/reports/knives/cuts-total',
    '/api/report/reports/knives/knife-cycles',
    '/api/report/reports/knives/csv-exports',
    '/api/report/reports/cutting-jobs',
    '/api/report/reports/cutting-jobs/csv-exports',
    '/api/printing-shop/printing-shops/reports/user-view',
  ];

  it('another tenant’s manager sees none of demo’s machines, people, knives or orders — not even by their ids', async () => {
    const demoManager = tokensA.PRINTING_SHOP_MANAGER!;
    const claims = JSON.parse(Buffer.from(demoManager.bearerToken.split('.')[1]!, 'base64url').toString());
    const demo = await t.app.kerf.transactions.withTenant(claims.tid, async (tx) => ({
      location: (await tx.execute(sql`SELECT id FROM locations WHERE name = 'Werk Nord'`)) as unknown as {
        rows: { id: string }[];
      },
      machine: (await tx.execute(
        sql`SELECT id, name FROM cutting_machines WHERE serial_number = 'PM-115-0001'`,
      )) as unknown as { rows: { id: string; name: string }[] },
    }));
    const werkNord = demo.location.rows[0]!.id;
    const machine = demo.machine.rows[0]!;
    // demo has a working machine in the period and right now
    const at = (iso: string) => ({ seq: 0, at: iso });
    let seq = 0;
    const events = [
      { ...at('2026-03-10T08:00:00Z'), type: 'status' as const, status: 'RUNNING' as const },
      { ...at('2026-03-10T08:05:00Z'), type: 'cut' as const, knifeRfid: 'E280116000000001' },
      {
        ...at(new Date(Date.now() - 3600_000).toISOString()),
        type: 'cut' as const,
        knifeRfid: 'E280116000000001',
      },
    ].map((event) => ({ ...event, seq: ++seq }));
    await t.app.kerf.telemetry.record(claims.tid, [
      {
        serial: 'PM-115-0001',
        boot: crypto.randomUUID(),
        events,
        source: 'OPERATOR',
        operatorId: claims.sub,
      },
    ]);
    // tenant B has a location of its own, and its manager works there
    const adminB = await t.login('acme-print', 'admin-printing-shop');
    const created = await t.request({
      method: 'POST',
      url: '/api/printing-shop/printing-shops',
      headers: bearer(adminB),
      payload: { name: 'Acme Halle 1', country: 'DE' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const assigned = await t.request({
      method: 'PUT',
      url: `/api/printing-shop/users/${tenantB.userIds.PRINTING_SHOP_MANAGER}/printing-shops`,
      headers: bearer(adminB),
      payload: { printingShopIds: [created.json().id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const managerB = await t.login('acme-print', 'printing-shop-manager');

    const queries = [
      {},
      { locations: werkNord },
      { machineIds: machine.id },
      { locations: werkNord, machineIds: machine.id },
    ];
    let requests = 0;
    for (const path of REPORTS) {
      for (const extra of queries) {
        const params = path.endsWith('uptime-last-24h')
          ? { timeZone: PERIOD.timeZone, ...extra }
          : path.endsWith('user-view')
            ? 'machineIds' in extra
              ? null
              : extra
            : path.includes('cutting-jobs')
              ? 'machineIds' in extra
                ? null
                : { ...PERIOD, ...extra }
              : { ...PERIOD, ...extra };
        if (params === null) continue;
        const response = await t.request({
          method: 'GET',
          url: `${path}?${new URLSearchParams(params as Record<string, string>)}`,
          headers: bearer(managerB),
        });
        requests++;
        expect(response.statusCode, `${path} ${JSON.stringify(extra)}: ${response.body}`).toBe(200);
        for (const secret of [
          werkNord,
          machine.id,
          machine.name,
          'PM-115-0001',
          'E280116000000001',
          claims.sub,
        ])
          expect(response.body, `${path} ${JSON.stringify(extra)}`).not.toContain(secret);
        if (path.endsWith('csv-exports')) {
          expect(response.body.replace('\uFEFF', '').trim().split('\r\n')).toHaveLength(1); // the header only
        } else {
          const body = response.json();
          // the user view lists B's own manager, who works at B's location
          if (path.endsWith('user-view'))
            for (const row of body) expect(Object.values(tenantB.userIds)).toContain(row.employee.id);
          else if (Array.isArray(body)) expect(body).toEqual([]);
          else if ('items' in body) expect(body.items).toEqual([]);
          else if ('series' in body) expect(body.series).toEqual([]);
          else expect(body).toEqual({ statuses: [], cuts: 0, employees: 0 });
        }
      }
    }
    expect(requests).toBeGreaterThanOrEqual(50);

    // demo's own manager does see the machine (the data above is there to be leaked)
    const own = await t.request({
      method: 'GET',
      url: `/api/report/reports/cutting-machines/total-uptime?${new URLSearchParams(PERIOD)}`,
      headers: bearer(demoManager),
    });
    expect(own.body).toContain('PM-115-0001');
    expect(own.json().find((row: { machine: { id: string } }) => row.machine.id === machine.id).cuts).toBe(1);
  });
});

describe('tenant isolation over the website module (registrations, api-tokens, invoices)', () => {
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.request({ method, url, headers, ...(payload ? { payload } : {}) });

  it("never shows or opens another tenant's invoice, and an api-token works only for its own tenant", async () => {
    const demoAdmin = tokensA.ADMIN_PRINTING_SHOP!;
    const demoInvoices = (await call('GET', '/api/knife/invoices', bearer(demoAdmin))).json();
    expect(demoInvoices.length).toBeGreaterThan(0);

    // Tenant B gets a registration and an invoice of its own through the real registration.
    const { registrationBody, solvedCaptcha } = await import('../website-helpers');
    const body = registrationBody(await solvedCaptcha(t));
    const registered = await call('POST', '/api/knife/register', {}, body);
    expect(registered.statusCode, registered.body).toBe(201);
    const adminB = await t.login(body.tenantId, body.username, body.password);
    const invoicesB = (await call('GET', '/api/knife/invoices', bearer(adminB))).json();
    expect(invoicesB).toHaveLength(1);
    expect(invoicesB.map((invoice: { id: string }) => invoice.id)).not.toContain(demoInvoices[0].id);

    // A's admin cannot open B's PDF, and B's cannot open A's.
    const foreignPdf = await call('GET', `/api/knife/invoices/${invoicesB[0].id}/pdf`, bearer(demoAdmin));
    expect(foreignPdf.statusCode).toBe(404);
    expect(foreignPdf.json().code).toBe('service.knives.INVOICE_NOT_FOUND');
    const reverse = await call('GET', `/api/knife/invoices/${demoInvoices[0].id}/pdf`, bearer(adminB));
    expect(reverse.statusCode).toBe(404);

    // A's api-token cannot read or order for B's registration, nor can a token claiming B's tenant.
    const tokenA = (
      await call('POST', '/api/knife/tokens/additional-machine-registration/acquire', bearer(demoAdmin))
    ).json();
    const tokenB = (
      await call('POST', '/api/knife/tokens/additional-machine-registration/acquire', bearer(adminB))
    ).json();
    const readB = await call('GET', `/api/knife/registration/${tokenB.registrationId}`, {
      'api-token': tokenA.token,
    });
    expect(readB.statusCode).toBe(401);
    const forged = `${tokenB.token.split('.')[0]}.${tokenA.token.split('.')[1]}`;
    const forgedRead = await call('GET', `/api/knife/registration/${tokenB.registrationId}`, {
      'api-token': forged,
    });
    expect(forgedRead.statusCode).toBe(401);
    const order = await call(
      'POST',
      `/api/knife/registration/${tokenB.registrationId}/additional-machines`,
      { 'api-token': tokenA.token },
      { machines: [{ manufacturer: 'Polar', model: 'N 92 Plus', count: 1 }], acceptTerms: true },
    );
    expect(order.statusCode).toBe(401);
    expect((await call('GET', '/api/knife/invoices', bearer(adminB))).json()).toHaveLength(1);

    // Other roles of A may not list invoices at all.
    for (const role of ['PRINTING_SHOP_MANAGER', 'PRINTING_SHOP_OPERATOR', 'ADMIN_GRINDING_SHOP'] as const) {
      expect((await call('GET', '/api/knife/invoices', bearer(tokensA[role]!))).statusCode).toBe(403);
    }
  });
});
