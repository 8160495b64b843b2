import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/demo/index';
import { type ServerProcess, startServerProcess } from '../server-process';

/**
 * Logs hold no secret (issue 17): the real server process at the most talkative level (debug, every
 * request logged, JSON lines), driven through sign-in, refresh, the logout whose path carries the
 * refresh token, failed sign-ins with wrong passwords, an employee created and a password changed.
 * Afterwards the whole output is searched for every password and token that crossed the wire.
 */
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
}, 150_000);
afterAll(async () => {
  await server?.stop();
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

async function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

describe('secrets in the logs', () => {
  it('never writes a password, bearer token or refresh token, even at debug level', async () => {
    const secrets: string[] = [DEMO_PASSWORD];
    const login = await json(
      await call('/api/auth/auth/login', {
        method: 'POST',
        body: { tenant: 'demo', username: 'admin', password: DEMO_PASSWORD },
      }),
    );
    const bearerToken = login.bearerToken as string;
    const refreshToken = login.refreshToken as string;
    expect(bearerToken).toBeTruthy();
    secrets.push(bearerToken, refreshToken, bearerToken.split('.')[2]!, refreshToken.split('.').at(-1)!);

    const wrongPassword = 'Wrong-Secret-Pass-4711';
    secrets.push(wrongPassword);
    await call('/api/auth/auth/login', {
      method: 'POST',
      body: { tenant: 'demo', username: 'manager', password: wrongPassword },
    });

    const refreshed = await json(
      await call('/api/auth/auth/refresh', { method: 'POST', body: { refreshToken } }),
    );
    const nextRefresh = refreshed.refreshToken as string;
    if (refreshed.bearerToken) secrets.push(refreshed.bearerToken as string, nextRefresh);

    const employeePassword = 'Employee-Initial-Pass-2026';
    secrets.push(employeePassword);
    const created = await call('/api/auth/users', {
      method: 'POST',
      token: bearerToken,
      body: {
        username: 'log-probe',
        firstName: 'Log',
        lastName: 'Probe',
        role: 'PRINTING_SHOP_OPERATOR',
        password: employeePassword,
      },
    });
    expect(created.status).toBe(201);
    await call('/api/auth/users/self', { token: bearerToken });

    // the spec's logout carries the refresh token in the path
    await call(`/api/auth/auth/sessions/${encodeURIComponent(nextRefresh ?? refreshToken)}`, {
      method: 'DELETE',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const output = server.output();
    expect(output).toContain('request completed'); // debug level really logged the requests
    expect(output).toContain('/api/auth/auth/sessions/[redacted]'); // and the logout's path, censored
    for (const secret of secrets.filter(Boolean)) {
      expect(output.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(false);
    }
  }, 60_000);
});
