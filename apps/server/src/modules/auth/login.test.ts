import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, nextAddress, startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_IP_LIMIT: '8' });
});
afterAll(() => t.close());

const login = (payload: unknown, ip = nextAddress(), headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/auth/auth/login',
    payload: payload as object,
    remoteAddress: ip,
    headers,
  });

describe('sign-in', () => {
  it('signs in a demo user and returns bearer and refresh token', async () => {
    const response = await login({ tenant: 'demo', username: 'admin', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.tokenType).toBe('Bearer');
    expect(body.expiresIn).toBe(900);
    expect(body.bearerToken.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    const self = await t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(body) });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({
      username: 'admin',
      role: 'ADMIN_PRINTING_SHOP',
      tenant: { slug: 'demo' },
    });
    expect(self.json().permissions).toContain('users:manage');
    expect(self.json()).not.toHaveProperty('passwordHash');
  });

  it('lower-cases tenant and username', async () => {
    const response = await login({ tenant: ' DEMO ', username: 'Manager', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('accepts the operator terminal as client type and refuses unknown ones', async () => {
    const ok = await login({ tenant: 'demo', username: 'operator', password: DEMO_PASSWORD }, nextAddress(), {
      'x-client-type': 'OPERATOR_TERMINAL',
    });
    expect(ok.statusCode).toBe(200);
    const bad = await login(
      { tenant: 'demo', username: 'operator', password: DEMO_PASSWORD },
      nextAddress(),
      {
        'x-client-type': 'TOASTER',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields[0]).toMatchObject({ field: 'x-client-type', in: 'headers' });
  });

  it('answers a wrong password, an unknown user and an unknown tenant identically', async () => {
    const answers = await Promise.all([
      login({ tenant: 'demo', username: 'admin', password: 'Wrong-password-1' }),
      login({ tenant: 'demo', username: 'nobody', password: 'Wrong-password-1' }),
      login({ tenant: 'no-such-tenant', username: 'admin', password: 'Wrong-password-1' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({
        code: 'authentication.INVALID_CREDENTIALS',
        message: 'The credentials entered are invalid.',
      });
    }
  });

  it('names each invalid field', async () => {
    const response = await login({ tenant: '', username: 42 });
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'tenant', code: 'REQUIRED' }),
        expect.objectContaining({ field: 'username', code: 'INVALID_TYPE' }),
        expect.objectContaining({ field: 'password', code: 'REQUIRED' }),
      ]),
    );
  });

  it('says USER_DISABLED for a deactivated user with the right password only', async () => {
    const admin = await t.login('demo', 'admin');
    const created = await t.request({
      method: 'POST',
      url: '/api/auth/users',
      headers: bearer(admin),
      payload: {
        username: 'leaver',
        password: 'Guillotine#115',
        firstName: 'Lea',
        lastName: 'Ver',
        role: 'PRINTING_SHOP_OPERATOR',
        active: false,
      },
    });
    expect(created.statusCode).toBe(201);
    const right = await login({ tenant: 'demo', username: 'leaver', password: 'Guillotine#115' });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('authentication.USER_DISABLED');
    const wrong = await login({ tenant: 'demo', username: 'leaver', password: 'Guillotine#116' });
    expect(wrong.json().code).toBe('authentication.INVALID_CREDENTIALS');
  });
});

describe('throttling', () => {
  it('locks an account after 5 free failures, with Retry-After, and unknown accounts alike', async () => {
    for (const username of ['manager', 'ghost-user']) {
      const codes: number[] = [];
      for (let attempt = 0; attempt < 7; attempt++) {
        codes.push((await login({ tenant: 'demo', username, password: 'Not-the-password-1' })).statusCode);
      }
      // failures 1-6 are answered (the 6th sets a 30 s lock); the 7th is refused before any hashing
      expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429]);
      const locked = await login({ tenant: 'demo', username, password: DEMO_PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('authentication.TOO_MANY_ATTEMPTS');
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(20);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect(locked.json().details.retryAfterSeconds).toBe(retryAfter);
    }
  });

  it('runs no password hash for a throttled request (argon2 is not a lever against the server)', async () => {
    const hasher = t.app.kerf.hasher;
    const verify = hasher.verify;
    let verifications = 0;
    hasher.verify = (stored, password) => {
      verifications += 1;
      return verify(stored, password);
    };
    try {
      for (let attempt = 0; attempt < 6; attempt++) {
        await login({ tenant: 'demo', username: 'operator', password: 'Not-the-password-1' });
      }
      expect(verifications).toBe(6);
      for (let attempt = 0; attempt < 5; attempt++) {
        const refused = await login({ tenant: 'demo', username: 'operator', password: DEMO_PASSWORD });
        expect(refused.statusCode).toBe(429);
      }
      expect(verifications).toBe(6);
    } finally {
      hasher.verify = verify;
    }
  });

  it('counts case and width variants of a username as one account', async () => {
    for (const username of [
      'Operator',
      'OPERATOR',
      'ｏｐｅｒａｔｏｒ',
      'operator ',
      'oPerator',
      'operatoR',
    ]) {
      await login({ tenant: 'demo', username, password: 'Not-the-password-1' });
    }
    const next = await login({ tenant: 'demo', username: 'operator', password: 'Not-the-password-1' });
    expect(next.statusCode).toBe(429);
  });

  it('limits failures per client address across accounts', async () => {
    const ip = nextAddress();
    const codes: number[] = [];
    for (let attempt = 0; attempt < 9; attempt++) {
      codes.push(
        (await login({ tenant: 'demo', username: `stranger-${attempt}`, password: 'Not-the-password-1' }, ip))
          .statusCode,
      );
    }
    expect(codes.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(codes[8]).toBe(429);
    // another address is not affected
    expect(
      (await login({ tenant: 'demo-grind', username: 'grinder', password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('a success resets the account counter', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      await login({ tenant: 'demo-grind', username: 'admin', password: 'Not-the-password-1' });
    }
    expect(
      (await login({ tenant: 'demo-grind', username: 'admin', password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await login({ tenant: 'demo-grind', username: 'admin', password: 'Not-the-password-1' })).statusCode,
      ).toBe(401);
    }
  });
});
