import type { TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextAddress, startTestApp, type TestApp } from '../../../test/harness';
import { queryRows } from '../../db/client';

let t: TestApp;
let admin: TokenPair;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
});
afterAll(() => t.close());

const employee = (overrides: Record<string, unknown> = {}) => ({
  username: 'k.mueller',
  password: 'Schnitt-Stapel-7',
  email: 'k.mueller@druckerei-beispiel.example',
  firstName: 'Karin',
  lastName: 'Müller',
  displayName: 'Karin M.',
  personnelNumber: '2001',
  role: 'PRINTING_SHOP_OPERATOR',
  ...overrides,
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens: TokenPair, payload?: object) =>
  t.request({ method, url: `/api/auth${url}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });

describe('employees', () => {
  it('creates, reads, changes and deletes an employee', async () => {
    const created = await call('POST', '/users', admin, employee({ username: 'K.Mueller' }));
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      username: 'k.mueller',
      role: 'PRINTING_SHOP_OPERATOR',
      active: true,
      // the employee has not chosen a language yet
      language: null,
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');

    expect((await call('GET', `/users/${user.id}`, admin)).json()).toEqual(user);

    const changed = await call(
      'PUT',
      `/users/${user.id}`,
      admin,
      employee({ lastName: 'Müller-Lang', role: 'PRINTING_SHOP_MANAGER', password: undefined }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ lastName: 'Müller-Lang', role: 'PRINTING_SHOP_MANAGER' });

    const session = await t.login('demo', 'k.mueller', 'Schnitt-Stapel-7');
    expect((await call('DELETE', `/users/${user.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/users/${user.id}`, admin)).json().code).toBe('authentication.USER_NOT_FOUND');
    // the deleted employee's session ends at once
    expect((await call('GET', '/users/self', session)).statusCode).toBe(401);
    expect((await call('DELETE', `/users/${user.id}`, admin)).statusCode).toBe(404);
    // the username is free again
    expect((await call('POST', '/users', admin, employee())).statusCode).toBe(201);
  });

  it('refuses a taken username with USER_ALREADY_EXISTS', async () => {
    const response = await call('POST', '/users', admin, employee({ username: 'Manager' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('authentication.USER_ALREADY_EXISTS');
  });

  it.each([
    ['Short1!', 'PASSWORD_TOO_SHORT'],
    ['ALLUPPER-123', 'PASSWORD_NEEDS_LOWERCASE'],
    ['alllower-123', 'PASSWORD_NEEDS_UPPERCASE'],
    ['NoDigits-here', 'PASSWORD_NEEDS_DIGIT'],
    ['NoSpecial123', 'PASSWORD_NEEDS_SPECIAL'],
    ['Password1!', 'PASSWORD_TOO_COMMON'],
    ['Sunshine2024!', 'PASSWORD_TOO_COMMON'],
    ['My-k.new-user-1', 'PASSWORD_CONTAINS_CONTEXT'],
  ])('refuses the password %s with %s on the password field', async (password, code) => {
    const response = await call('POST', '/users', admin, employee({ username: 'k.new-user', password }));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation.INVALID_INPUT');
    expect(response.json().details.fields).toContainEqual(
      expect.objectContaining({ field: 'password', code }),
    );
  });

  it('accepts long passphrases in full and does not truncate them', async () => {
    const phrase = `${'Die Schneidemaschine läuft ruhig! 7 '.repeat(5)}Ende`;
    const created = await call('POST', '/users', admin, employee({ username: 'phrase', password: phrase }));
    expect(created.statusCode).toBe(201);
    await t.login('demo', 'phrase', phrase);
    await expect(t.login('demo', 'phrase', `${phrase.slice(0, -1)}X`)).rejects.toThrow(/401/);
  });

  it('accepts 8 characters with Unicode letters', async () => {
    expect(
      (await call('POST', '/users', admin, employee({ username: 'umlaut', password: 'Ärger7#ü' })))
        .statusCode,
    ).toBe(201);
  });

  it('lets an admin assign only the roles of their kind of tenant', async () => {
    const response = await call(
      'POST',
      '/users',
      admin,
      employee({ username: 'intruder', role: 'SYSTEM_ADMIN' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('authentication.ROLE_NOT_ASSIGNABLE');
  });

  it('does not let users deactivate, demote or delete themselves', async () => {
    const self = (await call('GET', '/users/self', admin)).json();
    const body = {
      ...employee({ username: 'admin', role: 'ADMIN_PRINTING_SHOP', password: undefined }),
      active: false,
    };
    expect((await call('PUT', `/users/${self.id}`, admin, body)).json().code).toBe(
      'authentication.CANNOT_CHANGE_OWN_ACCOUNT',
    );
    expect(
      (
        await call('PUT', `/users/${self.id}`, admin, {
          ...body,
          active: true,
          role: 'PRINTING_SHOP_OPERATOR',
        })
      ).json().code,
    ).toBe('authentication.CANNOT_CHANGE_OWN_ACCOUNT');
    expect((await call('DELETE', `/users/${self.id}`, admin)).json().code).toBe(
      'authentication.CANNOT_CHANGE_OWN_ACCOUNT',
    );
  });

  it('deactivating an employee ends their sessions; reactivating lets them sign in again', async () => {
    const created = (await call('POST', '/users', admin, employee({ username: 'seasonal' }))).json();
    const session = await t.login('demo', 'seasonal', 'Schnitt-Stapel-7');
    const off = await call(
      'PUT',
      `/users/${created.id}`,
      admin,
      employee({ username: 'seasonal', active: false, password: undefined }),
    );
    expect(off.json().active).toBe(false);
    expect((await call('GET', '/users/self', session)).json().code).toBe('authentication.SESSION_EXPIRED');
    const refresh = await t.request({
      method: 'POST',
      url: '/api/auth/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await call(
      'PUT',
      `/users/${created.id}`,
      admin,
      employee({ username: 'seasonal', active: true, password: undefined }),
    );
    await t.login('demo', 'seasonal', 'Schnitt-Stapel-7');
  });

  it('a password change ends the other sessions and requires the new password', async () => {
    const created = (await call('POST', '/users', admin, employee({ username: 'rotator' }))).json();
    const session = await t.login('demo', 'rotator', 'Schnitt-Stapel-7');
    await call(
      'PUT',
      `/users/${created.id}`,
      admin,
      employee({ username: 'rotator', password: 'Neues-Messer-42' }),
    );
    expect((await call('GET', '/users/self', session)).statusCode).toBe(401);
    await expect(t.login('demo', 'rotator', 'Schnitt-Stapel-7')).rejects.toThrow(/401/);
    await t.login('demo', 'rotator', 'Neues-Messer-42');
  });
});

describe('permissions', () => {
  it('refuses employee management to roles without it', async () => {
    for (const [tenant, username] of [
      ['demo', 'operator'],
      ['demo', 'manager'],
      ['demo-grind', 'grinder'],
      ['kerf', 'support'],
    ]) {
      const tokens = await t.login(tenant!, username!);
      const response = await call('POST', '/users', tokens, employee({ username: `by-${username}` }));
      expect(response.statusCode, `${tenant}/${username}`).toBe(403);
      expect(response.json().code).toBe('authentication.FORBIDDEN');
    }
  });

  it('lists the roles of the tenant kind, and only assignable ones on request', async () => {
    const all = (await call('GET', '/roles', admin)).json();
    expect(all.map((role: { code: string }) => role.code)).toEqual([
      'ADMIN_PRINTING_SHOP',
      'PRINTING_SHOP_MANAGER',
      'PRINTING_SHOP_OPERATOR',
    ]);
    const operator = await t.login('demo', 'operator');
    expect((await call('GET', '/roles?assignable_only=true', operator)).json()).toEqual([]);
    const sysadmin = await t.login('kerf', 'sysadmin');
    const assignable = (await call('GET', '/roles?assignable_only=true', sysadmin)).json();
    expect(assignable.map((role: { code: string }) => role.code)).toEqual([
      'SYSTEM_ADMIN',
      'ADMIN_CUSTOMER_SERVICE',
      'SERVICE_USER_SUPPORT',
      'SERVICE_USER_DEV',
    ]);
    expect((await call('GET', '/roles?assignable_only=maybe', sysadmin)).statusCode).toBe(400);
  });

  it('customer-service admins cannot touch system admins', async () => {
    const serviceAdmin = await t.login('kerf', 'service-admin');
    const sysadmin = await t.login('kerf', 'sysadmin');
    const sysadminId = (await call('GET', '/users/self', sysadmin)).json().id;
    const response = await call('DELETE', `/users/${sysadminId}`, serviceAdmin);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('authentication.ROLE_NOT_ASSIGNABLE');
  });
});

describe('language', () => {
  it('is not chosen for a fresh demo user, and the choice persists across sessions', async () => {
    expect((await call('GET', '/users/self', admin)).json().language).toBeNull();
    const grinder = await t.login('demo-grind', 'grinder', undefined, nextAddress());
    expect((await call('GET', '/users/self', grinder)).json().language).toBeNull();
    expect((await call('PUT', '/users/self/language', grinder, { value: 'POLISH' })).statusCode).toBe(204);
    const again = await t.login('demo-grind', 'grinder', undefined, nextAddress());
    expect((await call('GET', '/users/self', again)).json().language).toBe('POLISH');
  });

  it('is set by an admin editing an employee, kept when the edit leaves it out, and can be cleared', async () => {
    const created = (await call('POST', '/users', admin, employee({ username: 'l.sprache' }))).json();
    expect(created.language).toBeNull();
    const edit = (fields: object) =>
      call(
        'PUT',
        `/users/${created.id}`,
        admin,
        employee({ username: 'l.sprache', password: undefined, ...fields }),
      );
    expect((await edit({ language: 'FRENCH' })).json().language).toBe('FRENCH');
    expect((await edit({ lastName: 'Sprache' })).json()).toMatchObject({
      lastName: 'Sprache',
      language: 'FRENCH',
    });
    expect((await call('GET', `/users/${created.id}`, admin)).json().language).toBe('FRENCH');
    expect((await edit({ language: null })).json().language).toBeNull();
    const bad = await edit({ language: 'KLINGON' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields[0]).toMatchObject({ field: 'language', code: 'INVALID_VALUE' });
    expect(
      (await call('POST', '/users', admin, employee({ username: 'l.sprache2', language: 'DUTCH' }))).json()
        .language,
    ).toBe('DUTCH');
  });

  it('saves the signed-in user language', async () => {
    const operator = await t.login('demo', 'operator', undefined, nextAddress());
    expect((await call('PUT', '/users/self/language', operator, { value: 'ARABIC' })).statusCode).toBe(204);
    expect((await call('GET', '/users/self', operator)).json().language).toBe('ARABIC');
    const bad = await call('PUT', '/users/self/language', operator, { value: 'KLINGON' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields[0]).toMatchObject({ field: 'value', code: 'INVALID_VALUE' });
  });
});

describe('tenants', () => {
  it('shows a printing-shop user only their own tenant', async () => {
    const page = (await call('GET', '/tenants', admin)).json();
    expect(page).toMatchObject({ page: 0, pageSize: 20, total: 1 });
    expect(page.items.map((tenant: { slug: string }) => tenant.slug)).toEqual(['demo']);
  });

  it('shows support only its own tenant here: its customers come through /api/customer-service (ADR 0016)', async () => {
    const support = await t.login('kerf', 'support');
    const page = (await call('GET', '/tenants', support)).json();
    expect(page.items.map((tenant: { slug: string }) => tenant.slug)).toEqual(['kerf']);
  });

  it('shows system admins and the customer-service admin every tenant, paged, and audits it', async () => {
    const support = await t.login('kerf', 'service-admin');
    const first = (await call('GET', '/tenants?page=0&page_size=2', support)).json();
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.items).toHaveLength(2);
    const second = (await call('GET', '/tenants?page=1&page_size=2', support)).json();
    expect(second.items[0].id).not.toBe(first.items[0].id);
    // read as the owner, outside the app roles, to check what was recorded
    const rows = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE action = 'platform.tenants.list'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/tenants?page_size=0', support)).statusCode).toBe(400);
    expect((await call('GET', '/tenants?page_size=100000', support)).json().details.fields[0]).toMatchObject({
      field: 'page_size',
      code: 'TOO_BIG',
    });
  });
});

describe('own password', () => {
  it('changes with the current password; a wrong current one is INVALID_PASSWORD and changes nothing', async () => {
    const created = await call('POST', '/users', admin, employee({ username: 'p.wechsel' }));
    expect(created.statusCode).toBe(201);
    const first = await t.login('demo', 'p.wechsel', 'Schnitt-Stapel-7');
    const second = await t.login('demo', 'p.wechsel', 'Schnitt-Stapel-7');

    const wrong = await call('PUT', '/users/self/password', first, {
      currentPassword: 'Falsch-Geraten-1',
      password: 'Neuer-Schnitt-8',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('authentication.INVALID_PASSWORD');
    // nothing changed: the old password still signs in, the other session lives on
    await t.login('demo', 'p.wechsel', 'Schnitt-Stapel-7');
    expect((await call('GET', '/users/self', second)).statusCode).toBe(200);

    const weak = await call('PUT', '/users/self/password', first, {
      currentPassword: 'Schnitt-Stapel-7',
      password: 'kurz',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('validation.INVALID_INPUT');

    const changed = await call('PUT', '/users/self/password', first, {
      currentPassword: 'Schnitt-Stapel-7',
      password: 'Neuer-Schnitt-8',
    });
    expect(changed.statusCode).toBe(204);
    // the session that changed it goes on; the other one ends; only the new password signs in
    expect((await call('GET', '/users/self', first)).statusCode).toBe(200);
    expect((await call('GET', '/users/self', second)).statusCode).toBe(401);
    await t.login('demo', 'p.wechsel', 'Neuer-Schnitt-8');
    const old = await t.request({
      method: 'POST',
      url: '/api/auth/auth/login',
      remoteAddress: nextAddress(),
      payload: { tenant: 'demo', username: 'p.wechsel', password: 'Schnitt-Stapel-7' },
    });
    expect(old.json().code).toBe('authentication.INVALID_CREDENTIALS');
  });
});
