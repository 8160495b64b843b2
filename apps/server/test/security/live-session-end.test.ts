import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenPair } from '@kerf/contracts';
import { Aedes } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../../src/demo/index';
import { LIVE_SESSION_ENDED_CLOSE } from '../../src/live/live.gateway';
import { nextAddress, openTestDatabase } from '../harness';
import { openLive } from '../live-helpers';

/**
 * Issue 31, item 4: a session that ends — logout, revocation, deactivation — closes its live
 * sockets within 2 s, on every instance. Before, a socket kept streaming until its access token
 * expired (up to 15 minutes). Two server instances on one database and one broker, as scaled out.
 */
let broker: Aedes;
let brokerServer: Server;
let database: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;
const urls = new Map<FastifyInstance, string>();
let machineId: string;

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
  const instance = async () => {
    const app = await buildApp(
      parseConfig({ ...env, DATA_DIR: join(tmpdir(), `kerf-test-${randomBytes(4).toString('hex')}`) }),
      { database },
    );
    urls.set(app, await app.listen({ port: 0, host: '127.0.0.1' }));
    return app;
  };
  a = await instance();
  b = await instance();
  await seedDemo(a.kerf);
  const manager = await login('manager');
  const online = await a.inject({
    method: 'GET',
    url: '/api/printing-shop/cutting-machines/online-status?serialNumbers=PM-137-0003',
    headers: { authorization: `Bearer ${manager.bearerToken}` },
  });
  machineId = online.json()[0].machineId;
  // both instances know of each other before the first invalidation
  await new Promise((resolve) => setTimeout(resolve, 500));
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  brokerServer.close();
});

async function login(username: string, password = DEMO_PASSWORD): Promise<TokenPair> {
  const response = await a.inject({
    method: 'POST',
    url: '/api/auth/auth/login',
    payload: { tenant: 'demo', username, password },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A socket on the instance, subscribed with the token to the machine's status. */
async function subscribed(app: FastifyInstance, tokens: TokenPair) {
  const live = await openLive(urls.get(app)!);
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    live.socket.once('close', (code) => resolve({ code, at: Date.now() })),
  );
  live.send({ token: tokens.bearerToken, type: 'MACHINE_STATUS', resource: machineId });
  await live.next((f) => f.kind === 'SUBSCRIBED');
  return { live, closed };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

describe('live sockets of an ended session (issue 31, item 4)', () => {
  it('a logout on one instance closes the session’s sockets on both within 2 s, and no other socket', async () => {
    const tokens = await login('manager');
    const other = await login('manager');
    const onA = await subscribed(a, tokens);
    const onB = await subscribed(b, tokens);
    const bystander = await subscribed(b, other);
    const started = Date.now();
    const logout = await a.inject({
      method: 'DELETE',
      url: `/api/auth/auth/sessions/${encodeURIComponent(tokens.refreshToken)}`,
    });
    expect(logout.statusCode).toBe(204);
    const closedAfter: number[] = [];
    for (const socket of [onA, onB]) {
      const closed = await within(socket.closed, 2000);
      expect(closed, 'socket still open 2 s after the logout').not.toBeNull();
      closedAfter.push(closed!.at - started);
      expect(closed!.code).toBe(LIVE_SESSION_ENDED_CLOSE);
      expect(closed!.at - started).toBeLessThan(2000);
      expect(socket.live.frames).toContainEqual(
        expect.objectContaining({ kind: 'ERROR', status: 401, code: 'authentication.SESSION_EXPIRED' }),
      );
    }
    console.info(
      `live sockets of a logged-out session closed after ${closedAfter.join(' ms (logout instance) and ')} ms (other instance)`,
    );
    // another session of the same user keeps its socket
    expect(bystander.live.socket.readyState).toBe(bystander.live.socket.OPEN);
    // subscribing again with the ended session's token is refused
    const again = await openLive(urls.get(b)!);
    again.send({ token: tokens.bearerToken, type: 'MACHINE_STATUS', resource: machineId });
    expect(await again.next((f) => f.kind === 'ERROR')).toMatchObject({ status: 401 });
    again.close();
    bystander.live.close();
  });

  it('deactivating a user closes the sockets of every session of theirs, on every instance', async () => {
    const admin = await login('admin');
    const created = await a.inject({
      method: 'POST',
      url: '/api/auth/users',
      headers: { authorization: `Bearer ${admin.bearerToken}` },
      payload: {
        username: 'live.leaver',
        password: 'Schnitt-Stapel-7',
        firstName: 'Lena',
        lastName: 'Weber',
        role: 'PRINTING_SHOP_MANAGER',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = await login('live.leaver', 'Schnitt-Stapel-7');
    const onA = await subscribed(a, session);
    const onB = await subscribed(b, session);
    const deactivated = await b.inject({
      method: 'PUT',
      url: `/api/auth/users/${created.json().id}`,
      headers: { authorization: `Bearer ${admin.bearerToken}` },
      payload: {
        username: 'live.leaver',
        firstName: 'Lena',
        lastName: 'Weber',
        role: 'PRINTING_SHOP_MANAGER',
        active: false,
      },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    for (const socket of [onA, onB]) {
      const closed = await within(socket.closed, 2000);
      expect(closed, 'socket still open 2 s after the deactivation').not.toBeNull();
      expect(socket.live.frames).toContainEqual(expect.objectContaining({ kind: 'ERROR', status: 401 }));
    }
  });
});
