import { authRoutes, type Role, type TokenPair } from '@kerf/contracts';
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
