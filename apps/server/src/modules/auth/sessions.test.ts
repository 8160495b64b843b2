import { setTimeout as sleep } from 'node:timers/promises';
import type { TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { queryRows } from '../../db/client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REFRESH_REUSE_GRACE: '2' });
});
afterAll(() => t.close());

const refresh = (refreshToken: string) =>
  t.request({ method: 'POST', url: '/api/auth/auth/refresh', payload: { refreshToken } });
const self = (tokens: Pick<TokenPair, 'bearerToken'>) =>
  t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(tokens) });
const logout = (refreshToken: string) =>
  t.request({ method: 'DELETE', url: `/api/auth/auth/sessions/${encodeURIComponent(refreshToken)}` });

describe('refresh token rotation', () => {
  it('rotates on every refresh; after the grace window a replayed token revokes the whole family', async () => {
    const first = await t.login('demo', 'manager');
    const chain: TokenPair[] = [first];
    for (let i = 0; i < 3; i++) {
      const response = await refresh(chain.at(-1)!.refreshToken);
      expect(response.statusCode).toBe(200);
      chain.push(response.json());
    }
    expect(new Set(chain.map((pair) => pair.refreshToken)).size).toBe(4);
    expect((await self(chain.at(-1)!)).statusCode).toBe(200);

    await sleep(2_100); // past REFRESH_REUSE_GRACE
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('authentication.REFRESH_TOKEN_REUSED');

    // every member of the family now fails the same way, including the newest one
    for (const pair of chain) {
      const answer = await refresh(pair.refreshToken);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('authentication.REFRESH_TOKEN_REUSED');
    }
    // and the access tokens of the session stop working at once
    const access = await self(chain.at(-1)!);
    expect(access.statusCode).toBe(401);
    expect(access.json().code).toBe('authentication.SESSION_EXPIRED');
  });

  it('lets parallel tabs refresh with the same token inside the grace window', async () => {
    const pair = await t.login('demo', 'admin');
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(pair.refreshToken)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const newTokens = answers.map((answer) => answer.json() as TokenPair);
    expect(new Set(newTokens.map((token) => token.refreshToken)).size).toBe(10);
    for (const token of newTokens) expect((await self(token)).statusCode).toBe(200);
  });

  it('stores only hashes of refresh tokens', async () => {
    const pair = await t.login('demo', 'operator');
    const secret = pair.refreshToken.split('.')[1]!;
    const rows = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`SELECT token_hash FROM refresh_tokens`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.token_hash).not.toContain(secret);
      expect(row.token_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('refuses malformed, unknown and foreign-tenant tokens without a 5xx', async () => {
    const pair = await t.login('demo', 'admin');
    const [, secret] = pair.refreshToken.split('.');
    const otherTenant = await t.login('demo-grind', 'grinder');
    const forged = `${otherTenant.refreshToken.split('.')[0]}.${secret}`;
    for (const token of [
      'x',
      `${'0'.repeat(36)}.abc`,
      `00000000-0000-0000-0000-000000000000.${secret}`,
      forged,
    ]) {
      const answer = await refresh(token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('authentication.REFRESH_TOKEN_INVALID');
    }
  });
});

describe('logout', () => {
  it('ends the session: its refresh and access tokens stop working', async () => {
    const pair = await t.login('kerf', 'support');
    expect((await logout(pair.refreshToken)).statusCode).toBe(204);
    const answer = await refresh(pair.refreshToken);
    expect(answer.json().code).toBe('authentication.SESSION_EXPIRED');
    expect((await self(pair)).json().code).toBe('authentication.SESSION_EXPIRED');
    // a second logout, or one with garbage, says nothing either way
    expect((await logout(pair.refreshToken)).statusCode).toBe(204);
    expect((await logout('garbage')).statusCode).toBe(204);
  });

  it('leaves other sessions of the same user alone', async () => {
    const a = await t.login('kerf', 'dev');
    const b = await t.login('kerf', 'dev');
    await logout(a.refreshToken);
    expect((await self(b)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('refuses missing, malformed, tampered and alg:none tokens', async () => {
    const pair = await t.login('demo', 'admin');
    const [header, payload] = pair.bearerToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const escalated = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'SYSTEM_ADMIN' })).toString('base64url')}.${pair.bearerToken.split('.')[2]}`;
    const cases: [Record<string, string>, string][] = [
      [{}, 'authentication.UNAUTHENTICATED'],
      [{ authorization: 'Basic abc' }, 'authentication.UNAUTHENTICATED'],
      [{ authorization: 'Bearer ' }, 'authentication.UNAUTHENTICATED'],
      [{ authorization: 'Bearer not.a.jwt' }, 'authentication.TOKEN_INVALID'],
      [{ authorization: `Bearer ${none}` }, 'authentication.TOKEN_INVALID'],
      [{ authorization: `Bearer ${escalated}` }, 'authentication.TOKEN_INVALID'],
      [{ authorization: `Bearer ${pair.refreshToken}` }, 'authentication.TOKEN_INVALID'],
    ];
    for (const [headers, code] of cases) {
      const answer = await t.request({ method: 'GET', url: '/api/auth/users/self', headers });
      expect(answer.statusCode, JSON.stringify(headers)).toBe(401);
      expect(answer.json().code).toBe(code);
    }
  });

  it('says TOKEN_EXPIRED after the access token lifetime, and the refresh token gets a new one', async () => {
    // 3 s: a token's expiry is counted in whole seconds from its issue, so a shorter lifetime can end
    // before the renewed token's first use on a busy machine
    const short = await startTestApp({ ACCESS_TOKEN_TTL: '3' });
    try {
      const pair = await short.login('demo', 'admin');
      await sleep(4_100);
      const expired = await short.request({
        method: 'GET',
        url: '/api/auth/users/self',
        headers: bearer(pair),
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('authentication.TOKEN_EXPIRED');
      const renewed = await short.request({
        method: 'POST',
        url: '/api/auth/auth/refresh',
        payload: { refreshToken: pair.refreshToken },
      });
      expect(renewed.statusCode).toBe(200);
      expect(
        (await short.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(renewed.json()) }))
          .statusCode,
      ).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('ends sessions at their absolute age, however often they are refreshed', async () => {
    const short = await startTestApp({ SESSION_MAX_AGE: '2' });
    try {
      let pair = await short.login('demo', 'admin');
      pair = (
        await short.request({
          method: 'POST',
          url: '/api/auth/auth/refresh',
          payload: { refreshToken: pair.refreshToken },
        })
      ).json();
      await sleep(2_100);
      const late = await short.request({
        method: 'POST',
        url: '/api/auth/auth/refresh',
        payload: { refreshToken: pair.refreshToken },
      });
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe('authentication.SESSION_EXPIRED');
    } finally {
      await short.close();
    }
  });
});
