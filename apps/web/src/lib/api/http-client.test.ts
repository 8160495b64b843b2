import { getSelf, login, logout, refresh, routeUrl } from '@kerf/contracts';
import { describe, expect, it, vi } from 'vitest';
import { buildUrl, createApi } from './api';
import { ApiError } from './api-error';
import { createHttpClient } from './http-client';
import { createTokenStore } from './token-store';

const SELF = {
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  username: 'admin',
  email: null,
  firstName: 'Anna',
  lastName: 'Berg',
  displayName: null,
  personnelNumber: null,
  role: 'ADMIN_PRINTING_SHOP',
  language: 'GERMAN',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  tenant: {
    id: '00000000-0000-4000-8000-000000000002',
    slug: 'demo',
    name: 'Demo',
    kind: 'PRINTING_SHOP',
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  permissions: ['self:read'],
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const expired = () => json(401, { code: 'authentication.TOKEN_EXPIRED', message: 'expired' });

/** A fake server: bearer `valid-N` is accepted only for the current generation N. */
function fakeServer(options: { refreshAnswer?: () => Response; refreshDelayMs?: number } = {}) {
  let generation = 1;
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    if (url === routeUrl(refresh)) {
      if (options.refreshDelayMs) await new Promise((r) => setTimeout(r, options.refreshDelayMs));
      if (options.refreshAnswer) return options.refreshAnswer();
      const body = JSON.parse(String(init.body));
      if (body.refreshToken !== `refresh-${generation}`) {
        return json(401, { code: 'authentication.REFRESH_TOKEN_REUSED', message: 'reused' });
      }
      generation += 1;
      return json(200, {
        bearerToken: `valid-${generation}`,
        refreshToken: `refresh-${generation}`,
        tokenType: 'Bearer',
        expiresIn: 900,
      });
    }
    const auth = new Headers(init.headers).get('authorization');
    if (auth !== `Bearer valid-${generation}`) return expired();
    return json(200, SELF);
  });
  return { fetch, calls, refreshCalls: () => calls.filter((c) => c.url === routeUrl(refresh)).length };
}

function setup(server: ReturnType<typeof fakeServer>, cookies = '') {
  const storage = window.localStorage;
  const tokens = createTokenStore(storage);
  const http = createHttpClient({ fetch: server.fetch, tokens, readCookies: () => cookies });
  const ended = vi.fn();
  http.onSessionEnded(ended);
  return { tokens, storage, http, api: createApi(http), ended };
}

describe('session-aware HTTP client', () => {
  it('keeps the tokens in local storage under bearerToken and refreshToken', () => {
    const { tokens } = setup(fakeServer());
    tokens.set({ bearerToken: 'b', refreshToken: 'r' });
    expect(window.localStorage.getItem('bearerToken')).toBe('b');
    expect(window.localStorage.getItem('refreshToken')).toBe('r');
    tokens.clear('logged-out');
    expect(window.localStorage.getItem('bearerToken')).toBeNull();
  });

  it('sends the bearer token and returns the parsed body', async () => {
    const server = fakeServer();
    const { tokens, api } = setup(server);
    tokens.set({ bearerToken: 'valid-1', refreshToken: 'refresh-1' });
    const self = await api(getSelf);
    expect(self.username).toBe('admin');
    expect(server.refreshCalls()).toBe(0);
  });

  it('on a 401 refreshes once, stores the new pair and retries the request', async () => {
    const server = fakeServer();
    const { tokens, api, ended } = setup(server);
    tokens.set({ bearerToken: 'stale', refreshToken: 'refresh-1' });
    const self = await api(getSelf);
    expect(self.firstName).toBe('Anna');
    expect(server.refreshCalls()).toBe(1);
    expect(tokens.get()).toEqual({ bearerToken: 'valid-2', refreshToken: 'refresh-2' });
    expect(server.fetch).toHaveBeenCalledTimes(3);
    expect(ended).not.toHaveBeenCalled();
  });

  it('answers many parallel 401s with exactly one refresh', async () => {
    const server = fakeServer({ refreshDelayMs: 20 });
    const { tokens, api } = setup(server);
    tokens.set({ bearerToken: 'stale', refreshToken: 'refresh-1' });
    const results = await Promise.all(Array.from({ length: 12 }, () => api(getSelf)));
    expect(results).toHaveLength(12);
    expect(results.every((self) => self.username === 'admin')).toBe(true);
    expect(server.refreshCalls()).toBe(1);
  });

  it('shares one refresh between its own 401s and refresh() callers such as the live socket', async () => {
    const server = fakeServer({ refreshDelayMs: 20 });
    const { tokens, api, http } = setup(server);
    tokens.set({ bearerToken: 'stale', refreshToken: 'refresh-1' });
    const request = api(getSelf);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [fromSocket, again, self] = await Promise.all([http.refresh(), http.refresh(), request]);
    expect([fromSocket, again]).toEqual([true, true]);
    expect(self.username).toBe('admin');
    expect(server.refreshCalls()).toBe(1);
    expect(tokens.get()).toEqual({ bearerToken: 'valid-2', refreshToken: 'refresh-2' });
    // a later refresh() rotates again with the new refresh token, never the spent one
    expect(await http.refresh()).toBe(true);
    expect(tokens.get()?.refreshToken).toBe('refresh-3');
  });

  it('does not refresh again when a late 401 arrives after another request already refreshed', async () => {
    const server = fakeServer();
    const { tokens, api } = setup(server);
    tokens.set({ bearerToken: 'stale', refreshToken: 'refresh-1' });
    await api(getSelf);
    // a request that went out with the old token and came back after the refresh
    tokens.set({ bearerToken: 'valid-2', refreshToken: 'refresh-2' });
    await api(getSelf);
    expect(server.refreshCalls()).toBe(1);
  });

  it('retries only once: a second 401 after a successful refresh is returned as an error', async () => {
    let generation = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === routeUrl(refresh)) {
        generation += 1;
        return json(200, {
          bearerToken: `b${generation}`,
          refreshToken: `r${generation}`,
          tokenType: 'Bearer',
          expiresIn: 900,
        });
      }
      return json(401, { code: 'authentication.FORBIDDEN', message: 'no' });
    });
    const tokens = createTokenStore(window.localStorage);
    const api = createApi(createHttpClient({ fetch, tokens }));
    tokens.set({ bearerToken: 'b0', refreshToken: 'r0' });
    await expect(api(getSelf)).rejects.toMatchObject({ status: 401, code: 'authentication.FORBIDDEN' });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('clears the tokens and ends the session once when the refresh is refused', async () => {
    const server = fakeServer({
      refreshDelayMs: 10,
      refreshAnswer: () => json(401, { code: 'authentication.SESSION_EXPIRED', message: 'gone' }),
    });
    const { tokens, api, ended } = setup(server);
    tokens.set({ bearerToken: 'stale', refreshToken: 'refresh-1' });
    const outcomes = await Promise.allSettled([api(getSelf), api(getSelf), api(getSelf)]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(server.refreshCalls()).toBe(1);
    expect(tokens.get()).toBeNull();
    expect(window.localStorage.getItem('bearerToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('keeps the tokens when the refresh fails for want of a network', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === routeUrl(refresh)) throw new TypeError('Failed to fetch');
      return expired();
    });
    const tokens = createTokenStore(window.localStorage);
    const ended = vi.fn();
    const http = createHttpClient({ fetch, tokens });
    http.onSessionEnded(ended);
    tokens.set({ bearerToken: 'b', refreshToken: 'r' });
    await expect(createApi(http)(getSelf)).rejects.toMatchObject({ status: 0, code: 'client.NETWORK_ERROR' });
    expect(tokens.get()).not.toBeNull();
    expect(ended).not.toHaveBeenCalled();
  });

  it('never refreshes for public routes such as a failed login', async () => {
    const fetch = vi.fn(async () =>
      json(401, {
        code: 'authentication.INVALID_CREDENTIALS',
        message: 'The credentials entered are invalid.',
      }),
    );
    const tokens = createTokenStore(window.localStorage);
    const api = createApi(createHttpClient({ fetch, tokens }));
    tokens.set({ bearerToken: 'b', refreshToken: 'r' });
    const error = await api(login, { body: { tenant: 'demo', username: 'x', password: 'y' } }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'authentication.INVALID_CREDENTIALS',
      data: { code: 'authentication.INVALID_CREDENTIALS', message: 'The credentials entered are invalid.' },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const headers = new Headers((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
    expect(headers.get('authorization')).toBeNull();
  });

  it('returns status, code, details and data of failed calls', async () => {
    const body = {
      code: 'authentication.TOO_MANY_ATTEMPTS',
      message: 'later',
      details: { retryAfterSeconds: 120 },
    };
    const fetch = vi.fn(async () => json(429, body));
    const api = createApi(createHttpClient({ fetch, tokens: createTokenStore(window.localStorage) }));
    await expect(
      api(login, { body: { tenant: 'demo', username: 'x', password: 'y' } }),
    ).rejects.toMatchObject({ status: 429, details: { retryAfterSeconds: 120 }, data: body });
  });

  it('sends the XSRF cookie in a header and sets no timeout signal', async () => {
    const server = fakeServer();
    const { tokens, api } = setup(server, 'other=1; XSRF-TOKEN=abc%3D123');
    tokens.set({ bearerToken: 'valid-1', refreshToken: 'refresh-1' });
    await api(getSelf);
    const init = server.calls[0]!.init;
    expect(new Headers(init.headers).get('x-xsrf-token')).toBe('abc=123');
    expect(init.signal).toBeUndefined();
  });

  it('maps a body that is not a catalogue error to a code by status', () => {
    const error = ApiError.fromResponse(502, '<html>Bad gateway</html>');
    expect(error).toMatchObject({
      status: 502,
      code: 'common.SERVICE_UNAVAILABLE',
      data: '<html>Bad gateway</html>',
    });
  });
});

describe('buildUrl', () => {
  it('fills and encodes path parameters and appends the query', () => {
    expect(buildUrl(logout, { refreshToken: 'a/b c' })).toBe('/api/auth/auth/sessions/a%2Fb%20c');
    expect(buildUrl(getSelf, undefined, { page: 2, page_size: 10, empty: undefined })).toBe(
      '/api/auth/users/self?page=2&page_size=10',
    );
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildUrl(logout, {})).toThrow(/refreshToken/);
  });
});
