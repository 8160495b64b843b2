import { authRoutes, customerServiceRoutes, type Role, routeUrl, type TokenPair } from '@kerf/contracts';
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
