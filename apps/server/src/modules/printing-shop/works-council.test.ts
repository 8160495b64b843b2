import type { TokenPair, WorksCouncilSetting } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { tenantOf } from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';
import { reportEmployee } from './index';

let t: TestApp;
let admin: TokenPair;
let manager: TokenPair;
let otherAdmin: TokenPair;

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, tokens: TokenPair, payload?: object) =>
  t.request({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const MODE = '/api/printing-shop/works-council-mode';
const labels = async () =>
  (
    (await call('GET', '/api/printing-shop/printing-shops/reports/user-view', manager)).json() as {
      employee: { label: string; pseudonym: boolean };
    }[]
  ).map((row) => row.employee);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
  manager = await t.login('demo', 'manager');
  await t.addTenant('council-other', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  otherAdmin = await t.login('council-other', 'admin-printing-shop');
});
afterAll(() => t.close());

describe('works-council mode', () => {
  it('is off until the admin switches it; then reports name employees only by pseudonym or code', async () => {
    expect((await call('GET', MODE, admin)).json()).toEqual({
      enabled: false,
      mode: 'PSEUDONYMS',
      changedAt: null,
      changedBy: null,
    });
    const before = await labels();
    expect(before.some((e) => !e.pseudonym && e.label.includes('Weber'))).toBe(true);

    const on = await call('PUT', MODE, admin, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, changedBy: { displayName: expect.any(String) } });
    const after = await labels();
    expect(after).toHaveLength(before.length);
    expect(after.every((e) => e.pseudonym)).toBe(true);
    expect(after.some((e) => e.label.includes('Weber'))).toBe(false);
    expect(after.filter((e) => /^#[0-9A-F]{6}$/.test(e.label)).length).toBeGreaterThan(0);

    // a search by a real name finds no one
    const search = await call(
      'GET',
      '/api/report/reports/employees/cuts-chart?startDate=2026-01-01T00:00:00Z&endDate=2026-01-02T00:00:00Z&timeZone=UTC&search=weber',
      manager,
    );
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual([]);

    const audit = await t.app.kerf.transactions.withTenant(tenantOf(admin), (tx) =>
      queryRows<{ action: string }>(
        tx,
        sql`SELECT action FROM audit_log WHERE action LIKE 'printing-shop.works-council.%'`,
      ),
    );
    expect(audit).toEqual([{ action: 'printing-shop.works-council.on' }]);

    expect((await call('PUT', MODE, admin, { enabled: false })).json()).toMatchObject({ enabled: false });
    expect((await labels()).some((e) => e.label.includes('Weber'))).toBe(true);
  });

  it('is switched by the tenant admin only, and per tenant', async () => {
    expect((await call('PUT', MODE, manager, { enabled: true })).statusCode).toBe(403);
    expect((await call('GET', MODE, manager)).statusCode).toBe(403);
    expect((await call('PUT', MODE, admin, { enabled: true })).statusCode).toBe(200);
    expect(((await call('GET', MODE, otherAdmin)).json() as WorksCouncilSetting).enabled).toBe(false);
    expect((await call('PUT', MODE, otherAdmin, { enabled: false })).statusCode).toBe(200);
    expect(((await call('GET', MODE, admin)).json() as WorksCouncilSetting).enabled).toBe(true);
    const bad = await call('PUT', MODE, admin, { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation.INVALID_INPUT');
  });

  it('gives a stable neutral code where there is no pseudonym', () => {
    const person = {
      id: '3f2a1c00-0000-4000-8000-000000000000',
      firstName: 'Eva',
      lastName: 'Roth',
      displayName: null,
    };
    expect(reportEmployee(person, true)).toEqual({ id: person.id, label: '#3F2A1C', pseudonym: true });
    expect(reportEmployee(person)).toEqual({ id: person.id, label: 'Eva Roth', pseudonym: false });
    expect(reportEmployee({ ...person, displayName: 'Fuchs' }, true)).toMatchObject({ label: 'Fuchs' });
  });
});
