import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../test/harness';
import { ConfigError, parseConfig } from './config';
import { generateOpenApi } from './openapi';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT: '4096' });
});
afterAll(() => t.close());

describe('probes', () => {
  it('health says the process is up', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('ready checks database and broker', async () => {
    const response = await t.request({ method: 'GET', url: '/api/ready' });
    expect(response.json()).toEqual({ status: 'ready', checks: { database: true, broker: true } });
  });

  it('ready answers 503 when the broker is gone', async () => {
    const other = await startTestApp();
    try {
      await other.app.kerf.bus.client.endAsync(true);
      const response = await other.request({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not_ready', checks: { database: true, broker: false } });
    } finally {
      await other.close();
    }
  });
});

describe('errors', () => {
  it('answers 503 with Retry-After, not 500, while the database is unreachable', async () => {
    const other = await startTestApp();
    const pair = await other.login('demo', 'admin');
    await other.database.close();
    try {
      const response = await other.request({
        method: 'GET',
        url: '/api/auth/users/self',
        headers: { authorization: `Bearer ${pair.bearerToken}` },
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().code).toBe('common.SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body).not.toMatch(/pglite|pool|postgres/i);
      const login = await other.request({
        method: 'POST',
        url: '/api/auth/auth/login',
        payload: { tenant: 'demo', username: 'admin', password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(503);
    } finally {
      await other.app.close();
    }
  });

  it('rate-limits refresh calls per address', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 152; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/auth/refresh',
        payload: { refreshToken: 'x' },
        remoteAddress: '10.99.0.1',
      });
      codes.add(response.json().code);
      if (response.statusCode === 429) {
        expect(response.json().code).toBe('common.RATE_LIMITED');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        return;
      }
    }
    throw new Error(`never limited: ${[...codes].join(', ')}`);
  });

  it('unknown API routes answer 404 with a code', async () => {
    for (const url of ['/api/nothing', '/api/auth/nothing', '/api/auth/users/self/extra']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('common.NOT_FOUND');
    }
  });

  it('oversize bodies answer 413, other content types 415, broken JSON 400', async () => {
    const big = await t.request({
      method: 'POST',
      url: '/api/auth/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ tenant: 'demo', username: 'admin', password: 'x'.repeat(5000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('common.PAYLOAD_TOO_LARGE');
    const xml = await t.request({
      method: 'POST',
      url: '/api/auth/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('common.UNSUPPORTED_MEDIA_TYPE');
    const broken = await t.request({
      method: 'POST',
      url: '/api/auth/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"tenant":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('validation.MALFORMED_BODY');
    const empty = await t.request({
      method: 'POST',
      url: '/api/auth/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(ERROR_CODES).toContain(empty.json().code);
  });

  it('a prototype-pollution attempt is an unknown field, and pollutes nothing', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/auth/login',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"tenant":"demo","username":"admin","password":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff and no-store, and no X-Powered-By or server version', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('sends HSTS behind a TLS proxy it trusts', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: '1' });
    try {
      const response = await proxied.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });

  it('opens CORS only to the configured origins', async () => {
    const open = await startTestApp({ CORS_ORIGINS: 'https://shop.example' });
    try {
      const preflight = (origin: string) =>
        open.request({
          method: 'OPTIONS',
          url: '/api/auth/auth/login',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
      expect((await preflight('https://shop.example')).headers['access-control-allow-origin']).toBe(
        'https://shop.example',
      );
      expect(
        (await preflight('https://evil.example')).headers['access-control-allow-origin'],
      ).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('keeps CORS closed by default', async () => {
    const response = await t.request({
      method: 'OPTIONS',
      url: '/api/auth/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('configuration', () => {
  it('lists every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'eighty', MQTT_PORT: '-1', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      parseConfig({ PORT: 'eighty', MQTT_PORT: '-1', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT[\s\S]*MQTT_PORT[\s\S]*LOG_LEVEL/);
    }
  });

  it('has the documented defaults and requires a JWT secret with PostgreSQL', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8080,
      mqttPort: 18830,
      dataDir: './data',
      demo: true,
      databaseUrl: undefined,
    });
    expect(() => parseConfig({ DATABASE_URL: 'postgres://localhost/kerf' })).toThrow(/JWT_SECRET/);
    expect(parseConfig({ DATABASE_URL: 'postgres://localhost/kerf', JWT_SECRET: 'x'.repeat(32) }).demo).toBe(
      false,
    );
  });
});

describe('OpenAPI', () => {
  it('is served at /api/docs', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    const json = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(json.json().paths['/api/auth/auth/login']).toBeDefined();
  });

  it('marks the endpoints product.md §7 does not list as additions, and only those', async () => {
    const paths = (await t.request({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const credentials = paths['/api/printing-shop/cutting-machines/{id}/credentials'].post;
    expect(credentials['x-spec-addition']).toBe(true);
    expect(credentials.description).toMatch(/^Addition to the specification: /);
    expect(paths['/api/auth/auth/login'].post['x-spec-addition']).toBeUndefined();
  });

  it('the committed docs/openapi.json matches the routes (run `npm run openapi` when this fails)', async () => {
    const committed = await readFile(
      fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url)),
      'utf8',
    );
    expect(committed).toBe(await generateOpenApi());
  });
});
