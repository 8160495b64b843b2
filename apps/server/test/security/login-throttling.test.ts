import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { deviceCookieName } from '../../src/modules/auth/device-tokens';
import { serverOptions } from '../../src/plugins/server-options';
import { DEMO_PASSWORD, nextAddress, startTestApp, type TestApp } from '../harness';
import { tenantOf } from '../machine-helpers';
import { solvedCaptcha, WEBSITE_TEST_ENV } from '../website-helpers';

/**
 * Issue 31, item 5: throttling that a stranger cannot turn against a user. Before, six wrong
 * passwords from anywhere locked a named account and the right password then got 429; thirty
 * failures locked every sign-in from one address — a whole shop floor behind one NAT.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ ...WEBSITE_TEST_ENV, LOGIN_IP_LIMIT: '40' });
  const demo = tenantOf(await t.login('demo', 'operator'));
  await t.addUsers(demo, [
    { username: 'lena', role: 'PRINTING_SHOP_OPERATOR' },
    { username: 'tom', role: 'PRINTING_SHOP_OPERATOR' },
  ]);
});
afterAll(() => t.close());

const signIn = (
  username: string,
  password: string,
  options: { ip?: string; cookie?: string; captcha?: unknown } = {},
) =>
  t.request({
    method: 'POST',
    url: '/api/auth/auth/login',
    remoteAddress: options.ip ?? nextAddress(),
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: { tenant: 'demo', username, password, ...(options.captcha ? { captcha: options.captcha } : {}) },
  });

/** The device cookie a successful sign-in sets, as the browser sends it back. */
function deviceCookieOf(response: { headers: Record<string, unknown> }) {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header]).find((value) =>
    String(value).startsWith('kerf_device_'),
  );
  expect(line, 'no device cookie').toBeTruthy();
  expect(String(line)).toMatch(/HttpOnly/);
  expect(String(line)).toMatch(/SameSite=Strict/);
  expect(String(line)).toMatch(/Path=\/api\/auth\/auth\/login/);
  return String(line).split(';')[0]!;
}

describe('sign-in throttling a stranger cannot turn against a user (issue 31, item 5)', () => {
  it('6 failures by a stranger, then the owner signs in with the right password from a device it used before', async () => {
    // the owner signed in on this browser last week
    const earlier = await signIn('manager', DEMO_PASSWORD);
    expect(earlier.statusCode).toBe(200);
    const device = deviceCookieOf(earlier);

    // a stranger, from addresses of its own, tries six passwords
    for (let i = 0; i < 6; i += 1) {
      expect((await signIn('manager', `Falsch-${i}-Passwort`)).statusCode).toBe(401);
    }
    // the account is locked for an unknown browser, even with the right password…
    const locked = await signIn('manager', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeTruthy();
    expect(locked.json()).toMatchObject({
      code: 'authentication.TOO_MANY_ATTEMPTS',
      details: { captchaRequired: true },
    });
    // …but not for the owner's own device
    const owner = await signIn('manager', DEMO_PASSWORD, { cookie: device });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().bearerToken).toBeTruthy();
  });

  it('a device cookie serves only its own account, and a forged or foreign one is a stranger’s', async () => {
    const operator = await signIn('operator', DEMO_PASSWORD);
    const operatorDevice = deviceCookieOf(operator);
    for (let i = 0; i < 6; i += 1)
      expect((await signIn('admin', `Falsch-${i}-Passwort`)).statusCode).toBe(401);
    // the operator's device token under the admin's cookie name: still locked
    const adminCookieName = deviceCookieName('demo', 'admin');
    const foreign = `${adminCookieName}=${operatorDevice.split('=').slice(1).join('=')}`;
    expect((await signIn('admin', DEMO_PASSWORD, { cookie: foreign })).statusCode).toBe(429);
    expect(
      (await signIn('admin', DEMO_PASSWORD, { cookie: `${adminCookieName}=forged.token` })).statusCode,
    ).toBe(429);
  });

  it('a solved captcha passes a stranger’s lock once; it cannot be used twice', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await signIn('lena', `Falsch-${i}-Passwort`)).statusCode).toBe(401);
    }
    expect((await signIn('lena', DEMO_PASSWORD)).statusCode).toBe(429);
    // a captcha with a wrong password: still a failure, and the solution is used up
    const captcha = await solvedCaptcha(t);
    expect((await signIn('lena', 'Falsch-Passwort', { captcha })).statusCode).toBe(401);
    expect((await signIn('lena', DEMO_PASSWORD, { captcha })).statusCode).toBe(429);
    // a fresh one with the right password passes the lock
    const withCaptcha = await signIn('lena', DEMO_PASSWORD, { captcha: await solvedCaptcha(t) });
    expect(withCaptcha.statusCode, withCaptcha.body).toBe(200);
  });

  it('a shop floor behind one address: past the address limit, known devices still sign in', async () => {
    const nat = '192.0.2.77';
    // the shop's terminal signed in before, behind the same NAT
    const terminal = deviceCookieOf(await signIn('operator', DEMO_PASSWORD, { ip: nat }));
    // a stranger on the shop's network (or a script) fails 40 times from that address
    for (let i = 0; i < 40; i += 1) {
      expect((await signIn(`nobody-${i % 8}`, 'Falsch-Passwort', { ip: nat })).statusCode).toBe(401);
    }
    const blocked = await signIn('tom', DEMO_PASSWORD, { ip: nat });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().details).toMatchObject({ captchaRequired: true });
    // the terminal with its device cookie is not locked out by the address
    const operator = await signIn('operator', DEMO_PASSWORD, { ip: nat, cookie: terminal });
    expect(operator.statusCode, operator.body).toBe(200);
  });

  it('behind a trusted proxy the client address is the one it forwarded; a client cannot choose its own', async () => {
    const app = Fastify(serverOptions(parseConfig({ LOG_LEVEL: 'silent', TRUST_PROXY: '203.0.113.10' })));
    app.get('/ip', async (request) => ({ ip: request.ip }));
    await app.ready();
    const viaProxy = await app.inject({
      url: '/ip',
      remoteAddress: '203.0.113.10',
      headers: { 'x-forwarded-for': '198.51.100.23' },
    });
    expect(viaProxy.json().ip).toBe('198.51.100.23');
    // a client that is not the proxy names an address of its choosing: ignored
    const spoofed = await app.inject({
      url: '/ip',
      remoteAddress: '198.51.100.99',
      headers: { 'x-forwarded-for': '10.0.0.1' },
    });
    expect(spoofed.json().ip).toBe('198.51.100.99');
    // a chain: the address the trusted proxy received the request from
    const chained = await app.inject({
      url: '/ip',
      remoteAddress: '203.0.113.10',
      headers: { 'x-forwarded-for': '10.0.0.1, 198.51.100.23' },
    });
    expect(chained.json().ip).toBe('198.51.100.23');
    await app.close();
  });
});
