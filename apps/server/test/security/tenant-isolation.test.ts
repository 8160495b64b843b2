import crypto from 'node:crypto';
import { authRoutes, type Role, type TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../harness';

/**
 * Tenant A (demo, and a second printing shop) against tenant B: every role of A, every endpoint of
 * the auth module that takes an id, every object of B. Nothing of B may be read or changed.
 */
let t: TestApp;
let tenantB: { tenantId: string; userIds: Record<string, string> };
const tokensA: Record<string, TokenPair> = {};
const ROLES_A: Role[] = ['ADMIN_PRINTING_SHOP', 'PRINTING_SHOP_MANAGER', 'PRINTING_SHOP_OPERATOR'];

beforeAll(async () => {
  t = await startTestApp();
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
