import { getSelf, getUser, listTenants, login, logout } from '@kerf/contracts';
import { describe, expect, it } from 'vitest';
import type { Api } from './api';

/** Compile-time checks: `tsc -p apps/web` fails when the typed client accepts a wrong call. */
function typeChecks(api: Api) {
  void api(getSelf);
  void api(listTenants);
  void api(listTenants, { query: { page: 1 } });
  void api(getUser, { params: { id: '7f4c7d5e-0000-4000-8000-000000000000' } });
  void api(login, {
    body: { tenant: 'demo', username: 'admin', password: 'x' },
    headers: { 'x-client-type': 'WEB' },
  });
  // @ts-expect-error path parameters are required
  void api(getUser);
  // @ts-expect-error the body must match the contract
  void api(login, { body: { tenant: 'demo' } });
  // @ts-expect-error unknown path parameter name
  void api(logout, { params: { token: 'x' } });
  return async () => {
    const self = await api(getSelf);
    const role: string = self.role;
    const page = await api(listTenants);
    const slug: string | undefined = page.items[0]?.slug;
    // @ts-expect-error the answer is typed by the contract
    const missing: string = self.notAField;
    return [role, slug, missing];
  };
}

describe('typed API client', () => {
  it('is typed over the route contracts', () => {
    expect(typeof typeChecks).toBe('function');
  });
});
