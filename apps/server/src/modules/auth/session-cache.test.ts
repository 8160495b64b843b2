import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenPair } from '@kerf/contracts';
import { Aedes } from 'aedes';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, openTestDatabase } from '../../../test/harness';
import { buildApp } from '../../app';
import { parseConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { DEMO_PASSWORD, seedDemo } from '../../demo/index';

/**
 * Two server instances on one database and one external broker, as in a scaled deployment. Each
 * instance remembers session checks for a few seconds (session-cache.ts); a change made on one
 * instance must hold on the other for the very next request, and a session must never be
 * remembered while the bus that carries the invalidations is down.
 */
let broker: Aedes;
let brokerServer: Server;
let database: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  broker = await Aedes.createBroker();
  brokerServer = createServer(broker.handle);
  await new Promise<void>((resolve) => brokerServer.listen(0, '127.0.0.1', resolve));
  const mqttUrl = `mqtt://127.0.0.1:${(brokerServer.address() as { port: number }).port}`;
  database = await openTestDatabase();
  const env = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    MQTT_URL: mqttUrl,
    LOG_LEVEL: 'silent',
    DEMO: '1',
  };
  const instance = () =>
    buildApp(
      parseConfig({ ...env, DATA_DIR: join(tmpdir(), `kerf-test-${randomBytes(4).toString('hex')}`) }),
      { database },
    );
  a = await instance();
  b = await instance();
  await seedDemo(a.kerf);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  brokerServer.close();
});

async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<TokenPair> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/auth/login',
    payload: { tenant: 'demo', username, password },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const call = (app: FastifyInstance, tokens: TokenPair, options: Omit<InjectOptions, 'headers'>) =>
  app.inject({ ...options, headers: { authorization: `Bearer ${tokens.bearerToken}` } });
const self = (app: FastifyInstance, tokens: TokenPair) =>
  call(app, tokens, { method: 'GET', url: '/api/auth/users/self' });

/** reads the session on both instances twice, so both remember it */
async function warm(tokens: TokenPair) {
  for (const app of [a, b, a, b]) expect((await self(app, tokens)).statusCode).toBe(200);
}

/** ends a session in the database without telling any instance (no invalidation) */
async function revokeBehindTheBack(tokens: TokenPair) {
  const claims = JSON.parse(Buffer.from(tokens.bearerToken.split('.')[1]!, 'base64url').toString());
  await a.kerf.transactions.withTenant(claims.tid, (tx) =>
    tx.execute(sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'test' WHERE id = ${claims.sid}`),
  );
}

const employee = (username: string, overrides: Record<string, unknown> = {}) => ({
  username,
  password: 'Schnitt-Stapel-7',
  firstName: 'Karin',
  lastName: 'Müller',
  role: 'PRINTING_SHOP_OPERATOR',
  ...overrides,
});

describe('session memory across instances', () => {
  it('remembers a live session: a change made without an invalidation goes unseen for a few seconds', async () => {
    // This is why every change to sessions, users and tenants must go through the auth module,
    // which invalidates; it also shows that the memory is really in use in the tests below.
    const tokens = await login(a, 'manager');
    await warm(tokens);
    await revokeBehindTheBack(tokens);
    expect((await self(b, tokens)).statusCode).toBe(200);
  });

  it('a logout on one instance holds at once on the other', async () => {
    const tokens = await login(a, 'manager');
    await warm(tokens);
    const logout = await a.inject({
      method: 'DELETE',
      url: `/api/auth/auth/sessions/${encodeURIComponent(tokens.refreshToken)}`,
    });
    expect(logout.statusCode).toBe(204);
    for (const app of [b, a]) {
      const answer = await self(app, tokens);
      expect(answer.statusCode, app === a ? 'a' : 'b').toBe(401);
      expect(answer.json().code).toBe('authentication.SESSION_EXPIRED');
    }
  });

  it('a deactivation, a role change and a password change hold at once on the other instance', async () => {
    const admin = await login(a, 'admin');
    const created = await call(a, admin, {
      method: 'POST',
      url: '/api/auth/users',
      payload: employee('cache.operator'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const put = (payload: object) => call(a, admin, { method: 'PUT', url: `/api/auth/users/${id}`, payload });

    // role: the same session, the new role on the next request
    let session = await login(b, 'cache.operator', 'Schnitt-Stapel-7');
    await warm(session);
    expect(
      (await put(employee('cache.operator', { role: 'PRINTING_SHOP_MANAGER', password: undefined })))
        .statusCode,
    ).toBe(200);
    expect((await self(b, session)).json().role).toBe('PRINTING_SHOP_MANAGER');

    // deactivation
    await warm(session);
    expect((await put(employee('cache.operator', { active: false, password: undefined }))).statusCode).toBe(
      200,
    );
    expect((await self(b, session)).statusCode).toBe(401);
    expect((await put(employee('cache.operator', { password: undefined }))).statusCode).toBe(200);

    // password change
    session = await login(b, 'cache.operator', 'Schnitt-Stapel-7');
    await warm(session);
    expect((await put(employee('cache.operator', { password: 'Neues-Messer-42' }))).statusCode).toBe(200);
    expect((await self(b, session)).statusCode).toBe(401);
  });

  it('remembers nothing while the bus is down: a revocation it cannot hear about holds at once', async () => {
    const tokens = await login(a, 'operator');
    await warm(tokens);
    const client = b.kerf.bus.client;
    client.options.reconnectPeriod = 0;
    await client.endAsync(true);
    try {
      await revokeBehindTheBack(tokens);
      const answer = await self(b, tokens);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('authentication.SESSION_EXPIRED');
    } finally {
      client.reconnect();
    }
  });
});
