import { routeUrl, systemAdminRoutes } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, nextAddress, startTestApp, type TestApp } from '../../../test/harness';
import { connectMachine, provisionMachine, tenantOf } from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';

let t: TestApp;
let sysadmin: { authorization: string };

const tenantIdOf = async (slug: string) => {
  const response = await t.request({
    method: 'GET',
    url: `/api/system/tenants?search=${slug}`,
    headers: sysadmin,
  });
  return (response.json().items as { id: string; slug: string }[]).find((item) => item.slug === slug)!.id;
};

beforeAll(async () => {
  t = await startTestApp();
  sysadmin = bearer(await t.login('kerf', 'sysadmin'));
});
afterAll(async () => t?.close());

describe('system admin area', () => {
  it('is closed to every other role, including the customer-service admin and tenant admins', async () => {
    const others = [
      bearer(await t.login('kerf', 'service-admin')),
      bearer(await t.login('demo', 'admin')),
      bearer(await t.login('demo-grind', 'admin')),
    ];
    for (const headers of others) {
      for (const route of systemAdminRoutes) {
        const url = routeUrl(route)
          .replace(':id', '00000000-0000-4000-8000-000000000000')
          .replace(':name', 'log-retention');
        const response = await t.request({ method: route.method, url, headers, payload: {} });
        expect(response.statusCode, `${route.method} ${url}`).toBe(403);
        expect(response.json().code).toBe('authentication.FORBIDDEN');
      }
    }
    const anonymous = await t.request({ method: 'GET', url: '/api/system/tenants' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists and searches every tenant with its user and machine counts, audited', async () => {
    const all = await t.request({ method: 'GET', url: '/api/system/tenants', headers: sysadmin });
    expect(all.statusCode).toBe(200);
    const slugs = (all.json().items as { slug: string }[]).map((item) => item.slug);
    expect(slugs).toEqual(expect.arrayContaining(['demo', 'demo-grind', 'kerf']));
    const demo = all.json().items.find((item: { slug: string }) => item.slug === 'demo');
    expect(demo.users).toBeGreaterThan(0);
    expect(demo.machines).toBeGreaterThan(0);

    const searched = await t.request({
      method: 'GET',
      url: '/api/system/tenants?search=grind&page_size=5',
      headers: sysadmin,
    });
    expect(searched.json().items.map((item: { slug: string }) => item.slug)).toEqual(['demo-grind']);
    expect(searched.json().total).toBe(1);

    const audit = await t.request({
      method: 'GET',
      url: '/api/system/audit?action=system.tenants.list',
      headers: sysadmin,
    });
    expect(audit.json().total).toBeGreaterThanOrEqual(2);
    expect(audit.json().items[0].actorUsername).toBe('sysadmin');
  });

  it('creates a tenant with its first admin, who can sign in; a taken slug and bad input are refused', async () => {
    const body = {
      slug: 'acme-print',
      name: 'Acme Print',
      kind: 'PRINTING_SHOP',
      admin: {
        username: 'boss',
        email: 'boss@acme.example',
        firstName: 'Ada',
        lastName: 'Boss',
        password: 'Acme-Print-2026!',
      },
    };
    const created = await t.request({
      method: 'POST',
      url: '/api/system/tenants',
      headers: sysadmin,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      slug: 'acme-print',
      kind: 'PRINTING_SHOP',
      active: true,
      users: 1,
    });
    const tokens = await t.login('acme-print', 'boss', 'Acme-Print-2026!');
    const self = await t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(tokens) });
    expect(self.json().role).toBe('ADMIN_PRINTING_SHOP');

    const again = await t.request({
      method: 'POST',
      url: '/api/system/tenants',
      headers: sysadmin,
      payload: body,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('service.knives.TENANT_ID_TAKEN');

    const bad = await t.request({
      method: 'POST',
      url: '/api/system/tenants',
      headers: sysadmin,
      payload: { ...body, slug: 'Not A Slug!', admin: { ...body.admin, password: 'short' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation.INVALID_INPUT');
    const fields = bad.json().details.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(expect.arrayContaining(['slug', 'admin.password']));

    // the first admin's password meets the server's policy like every other account's: no tenant
    const common = await t.request({
      method: 'POST',
      url: '/api/system/tenants',
      headers: sysadmin,
      payload: { ...body, slug: 'weak-print', admin: { ...body.admin, password: 'Password123!' } },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().details.fields).toEqual([
      expect.objectContaining({ field: 'admin.password', code: 'PASSWORD_TOO_COMMON' }),
    ]);
    const none = await t.request({
      method: 'GET',
      url: '/api/system/tenants?search=weak-print',
      headers: sysadmin,
    });
    expect(none.json().total).toBe(0);
  });

  it('disabling a tenant refuses its signed-in users, their refresh tokens and its machines at once; re-enabling restores', async () => {
    const manager = await t.login('demo', 'manager');
    const tenantId = tenantOf(manager);
    const [machine] = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ id: string }>(tx, sql`SELECT id FROM cutting_machines WHERE deleted_at IS NULL LIMIT 1`),
    );
    const credential = await provisionMachine(t, tenantId, machine!.id);
    const client = await connectMachine(t, credential);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));

    const self = () => t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(manager) });
    expect((await self()).statusCode).toBe(200); // remembered by the session memory now

    const disabled = await t.request({
      method: 'PUT',
      url: `/api/system/tenants/${tenantId}/active`,
      headers: sysadmin,
      payload: { active: false },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().active).toBe(false);

    const refused = await self();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('authentication.USER_DISABLED');
    const refresh = await t.request({
      method: 'POST',
      url: '/api/auth/auth/refresh',
      payload: { refreshToken: manager.refreshToken },
    });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().code).toBe('authentication.USER_DISABLED');
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/auth/login',
      payload: { tenant: 'demo', username: 'admin', password: DEMO_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('authentication.USER_DISABLED');

    await closed; // the broker ended the machine's connection
    await expect(connectMachine(t, credential)).rejects.toThrow();

    const enabled = await t.request({
      method: 'PUT',
      url: `/api/system/tenants/${tenantId}/active`,
      headers: sysadmin,
      payload: { active: true },
    });
    expect(enabled.json().active).toBe(true);
    await t.login('demo', 'manager');
    const again = await connectMachine(t, credential);
    again.end(true);

    const audit = await t.request({
      method: 'GET',
      url: `/api/system/audit?action=system.tenant.&tenant_id=${tenantOf({ bearerToken: sysadmin.authorization.slice(7) })}`,
      headers: sysadmin,
    });
    const actions = audit.json().items.map((item: { action: string }) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['system.tenant.disable', 'system.tenant.enable']));
  });

  it("refuses to disable the system admin's own tenant and answers 404 for an unknown one", async () => {
    const own = await tenantIdOf('kerf');
    const response = await t.request({
      method: 'PUT',
      url: `/api/system/tenants/${own}/active`,
      headers: sysadmin,
      payload: { active: false },
    });
    expect(response.statusCode).toBe(409);
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/system/tenants/00000000-0000-4000-8000-000000000000/active',
      headers: sysadmin,
      payload: { active: false },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('authentication.TENANT_NOT_FOUND');
  });

  it('searches users across tenants and deactivates one, whose session ends at once', async () => {
    const grinder = await t.login('demo-grind', 'grinder');
    const found = await t.request({
      method: 'GET',
      url: '/api/system/users?search=grinder',
      headers: sysadmin,
    });
    expect(found.statusCode).toBe(200);
    const user = found.json().items.find((item: { tenantSlug: string }) => item.tenantSlug === 'demo-grind');
    expect(user).toMatchObject({ username: 'grinder', role: 'GRINDER', active: true });

    const byTenant = await t.request({
      method: 'GET',
      url: `/api/system/users?tenant_id=${user.tenantId}`,
      headers: sysadmin,
    });
    expect(byTenant.json().items.every((item: { tenantId: string }) => item.tenantId === user.tenantId)).toBe(
      true,
    );

    const off = await t.request({
      method: 'PUT',
      url: `/api/system/users/${user.id}/active`,
      headers: sysadmin,
      payload: { active: false },
    });
    expect(off.json().active).toBe(false);
    const refused = await t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(grinder) });
    expect(refused.json().code).toBe('authentication.USER_DISABLED');

    const self = await t.request({ method: 'GET', url: '/api/auth/users/self', headers: sysadmin });
    const own = await t.request({
      method: 'PUT',
      url: `/api/system/users/${self.json().id}/active`,
      headers: sysadmin,
      payload: { active: false },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('authentication.CANNOT_CHANGE_OWN_ACCOUNT');
  });

  it('lists, shows and resends outbox mail', async () => {
    const list = await t.request({ method: 'GET', url: '/api/system/mails', headers: sysadmin });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBeGreaterThan(0);
    const first = list.json().items[0];
    expect(first.state).toBe('PENDING'); // no SMTP_URL in tests
    const shown = await t.request({ method: 'GET', url: `/api/system/mails/${first.id}`, headers: sysadmin });
    expect(shown.json().body.length).toBeGreaterThan(0);
    const resent = await t.request({
      method: 'POST',
      url: `/api/system/mails/${first.id}/resend`,
      headers: sysadmin,
    });
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toMatchObject({ subject: first.subject, recipient: first.recipient, attempts: 0 });
    expect(resent.json().id).not.toBe(first.id);
    const missing = await t.request({
      method: 'GET',
      url: '/api/system/mails/00000000-0000-4000-8000-000000000000',
      headers: sysadmin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('filters the audit log by tenant, actor, action and time', async () => {
    const demo = await tenantIdOf('demo');
    await t.login('demo', 'operator');
    const since = new Date(Date.now() - 60_000).toISOString();
    const response = await t.request({
      method: 'GET',
      url: `/api/system/audit?tenant_id=${demo}&actor=operator&action=auth.login&from=${encodeURIComponent(since)}`,
      headers: sysadmin,
    });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { tenantId: string; actorUsername: string; action: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.tenantId).toBe(demo);
      expect(item.actorUsername).toBe('operator');
      expect(item.action.startsWith('auth.login')).toBe(true);
    }
    const future = await t.request({
      method: 'GET',
      url: `/api/system/audit?from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`,
      headers: sysadmin,
    });
    expect(future.json().total).toBe(0);
  });

  it('shows ingest health and the background jobs, and runs a job now', async () => {
    const ingest = await t.request({ method: 'GET', url: '/api/system/ingest', headers: sysadmin });
    expect(ingest.statusCode).toBe(200);
    expect(ingest.json()).toMatchObject({ brokerConnected: true, rejected: expect.any(Number) });
    const loop = ingest.json().eventLoop;
    expect(loop.samples).toBeGreaterThan(0);
    expect(loop.maxMs).toBeGreaterThanOrEqual(loop.p99Ms);
    expect(loop.p99Ms).toBeGreaterThanOrEqual(loop.p50Ms);
    const jobs = await t.request({ method: 'GET', url: '/api/system/jobs', headers: sysadmin });
    expect(jobs.json().map((job: { name: string }) => job.name)).toContain('log-retention');
    const run = await t.request({
      method: 'POST',
      url: '/api/system/jobs/log-retention/run',
      headers: sysadmin,
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ name: 'log-retention', outcome: 'succeeded', runs: 1 });
    expect(run.json().lastMessage).toMatch(/^deleted \d+ audit entries/);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/system/jobs/no-such-job/run',
      headers: sysadmin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
