import { type LiveServerMessage, machineTopics, type TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../test/harness';
import { openLive } from '../../test/live-helpers';
import {
  brokerUrl,
  connectMachine,
  cutEvents,
  machineIdsBySerial,
  provisionMachine,
  publishAndAwaitAcks,
  type TestMachine,
  tenantOf,
} from '../../test/machine-helpers';
import { insertMachine } from '../modules/machines/index';

let t: TestApp;
let baseUrl: string;
let operator: TokenPair;
let machine: TestMachine;

const isEvent = (type: string) => (frame: LiveServerMessage) => frame.kind === 'EVENT' && frame.type === type;
/** An event published after a commit, not the replay of the state on subscribing. */
const isLiveEvent = (type: string) => (frame: LiveServerMessage) =>
  isEvent(type)(frame) && frame.kind === 'EVENT' && !frame.replay;

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  operator = await t.login('demo', 'operator');
  const ids = await machineIdsBySerial(t, operator, ['PM-137-0003']);
  machine = await provisionMachine(t, tenantOf(operator), ids['PM-137-0003']!);
});
afterAll(() => t.close());

describe('live events', () => {
  it('delivers status, operator and cut events of a subscribed machine', async () => {
    const live = await openLive(baseUrl);
    for (const type of ['MACHINE_STATUS', 'MACHINE_CUT', 'OPERATOR_MACHINE_USE'] as const) {
      live.send({ token: operator.bearerToken, type, resource: machine.machineId, replayLastEvent: true });
    }
    await live.next((f) => f.kind === 'SUBSCRIBED' && f.type === 'OPERATOR_MACHINE_USE');
    // Every machine event carries the machine's whole view, built by the server.
    const select = await t.request({
      method: 'PUT',
      url: '/api/printing-shop/users/self/current-machine',
      headers: bearer(operator),
      payload: { machineId: machine.machineId },
    });
    expect(select.statusCode).toBe(200);
    expect(await live.next(isLiveEvent('OPERATOR_MACHINE_USE'))).toMatchObject({
      resource: machine.machineId,
      data: { machineId: machine.machineId, operator: { displayName: 'Jonas S.' } },
    });
    const put = await t.request({
      method: 'PUT',
      url: `/api/printing-shop/cutting-machines/${machine.machineId}/status`,
      headers: bearer(operator),
      payload: { value: 'SUPPORT_CUTTING_MACHINE_CLEANING' },
    });
    expect(put.statusCode).toBe(200);
    const status = await live.next(isLiveEvent('MACHINE_STATUS'));
    expect(status).toMatchObject({
      resource: machine.machineId,
      data: {
        status: 'SUPPORT_CUTTING_MACHINE_CLEANING',
        statusGroup: 'SUPPORT',
        operator: { displayName: 'Jonas S.' },
      },
    });
    // the PUT answers with the view the event carries (read a moment later)
    const { asOf: _eventRead, ...event } = (status as { data: { asOf: string } }).data;
    const { asOf: _answerRead, ...answer } = put.json() as { asOf: string };
    expect(event).toEqual(answer);

    const client = await connectMachine(t, machine);
    await publishAndAwaitAcks(client, machine, cutEvents(25));
    client.end(true);
    const cut = await live.next(
      (f) =>
        f.kind === 'EVENT' && f.type === 'MACHINE_CUT' && (f.data as { totalCuts: number }).totalCuts === 25,
    );
    expect(cut).toMatchObject({
      data: {
        machineId: machine.machineId,
        totalCuts: 25,
        cutsToday: 25,
        status: 'SUPPORT_CUTTING_MACHINE_CLEANING',
      },
    });
    live.close();

    // A late subscriber asks for the last event and gets it at once.
    const late = await openLive(baseUrl);
    late.send({
      token: operator.bearerToken,
      type: 'MACHINE_STATUS',
      resource: machine.machineId,
      replayLastEvent: true,
    });
    expect(await late.next(isEvent('MACHINE_STATUS'))).toMatchObject({ replay: true });
    late.close();
  });

  it('replays the stored state when no event has passed this instance yet', async () => {
    const ids = await machineIdsBySerial(t, operator, ['PM-137-0005']);
    const machineId = ids['PM-137-0005']!;
    await t.app.kerf.transactions.withTenant(machine.tenantId, (tx) =>
      tx.execute(
        sql`UPDATE cutting_machines SET current_status = 'BREAK', status_since = now() WHERE id = ${machineId}`,
      ),
    );
    const live = await openLive(baseUrl);
    live.send({
      token: operator.bearerToken,
      type: 'MACHINE_STATUS',
      resource: machineId,
      replayLastEvent: true,
    });
    expect(await live.next(isEvent('MACHINE_STATUS'))).toMatchObject({
      replay: true,
      data: { status: 'BREAK' },
    });
    live.close();
  });

  it('tells when a machine connects, is heard from and goes away (its last will)', async () => {
    const ids = await machineIdsBySerial(t, operator, ['PM-115-0002']);
    const second = await provisionMachine(t, tenantOf(operator), ids['PM-115-0002']!);
    const live = await openLive(baseUrl);
    live.send({
      token: operator.bearerToken,
      type: 'MACHINE_ONLINE_STATUS',
      resource: second.machineId,
      replayLastEvent: true,
    });
    await live.next((f) => f.kind === 'SUBSCRIBED');
    const online = (status: string) => (f: LiveServerMessage) =>
      isEvent('MACHINE_ONLINE_STATUS')(f) &&
      (f as { data: { onlineStatus: string } }).data.onlineStatus === status;

    // The agent as the edge connects: its last will says OFFLINE, then it announces itself; both
    // carry the time the session began.
    const topics = machineTopics(second.tenantId, second.serial);
    const sessionAt = new Date().toISOString();
    const presence = (state: string) => JSON.stringify({ state, at: sessionAt });
    const client = mqtt.connect(brokerUrl(t), {
      clientId: second.username,
      username: second.username,
      password: second.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
      will: { topic: topics.presence, payload: Buffer.from(presence('OFFLINE')), qos: 1, retain: true },
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    await client.publishAsync(topics.presence, presence('ONLINE'), { qos: 1, retain: true });
    expect(await live.next(online('CONNECTING'))).toMatchObject({
      resource: second.machineId,
      data: { machineId: second.machineId, lastSeenAt: null },
    });
    await publishAndAwaitAcks(client, second, [{ type: 'heartbeat', seq: 1, at: new Date().toISOString() }]);
    const heard = await live.next(online('ONLINE'));
    expect((heard as { data: { lastSeenAt: string } }).data.lastSeenAt).toEqual(expect.any(String));
    // A further heartbeat changes only when the machine was last seen: its view goes out again.
    await publishAndAwaitAcks(client, second, [{ type: 'heartbeat', seq: 2, at: new Date().toISOString() }]);

    // A late subscriber gets the state at once, read from the database.
    const late = await openLive(baseUrl);
    late.send({
      token: operator.bearerToken,
      type: 'MACHINE_ONLINE_STATUS',
      resource: second.machineId,
      replayLastEvent: true,
    });
    // (the second heartbeat's own event may still be on its way and reach it first)
    expect(
      await late.next((f) => online('ONLINE')(f) && (f as { replay?: boolean }).replay === true),
    ).toMatchObject({ replay: true, data: { onlineStatus: 'ONLINE' } });
    late.close();

    // The connection breaks without a goodbye: the broker publishes the last will.
    client.stream.destroy();
    await live.next(online('OFFLINE'));
    const statuses = live.frames
      .filter(isLiveEvent('MACHINE_ONLINE_STATUS'))
      .map((f) => (f as { data: { onlineStatus: string } }).data.onlineStatus);
    expect(statuses.filter((status, i) => status !== statuses[i - 1])).toEqual([
      'CONNECTING',
      'ONLINE',
      'OFFLINE',
    ]);
    client.end(true);
    live.close();
  });

  it('refuses machines of other tenants, roles without live access, bad tokens and bad frames', async () => {
    const other = await t.addTenant('live-other', 'PRINTING_SHOP', ['PRINTING_SHOP_OPERATOR']);
    const { id: foreignMachine } = await t.app.kerf.transactions.withTenant(other.tenantId, (tx) =>
      insertMachine(tx, other.tenantId, { name: 'Fremd', serialNumber: 'LIVE-1' }),
    );
    const stranger = await t.login('live-other', 'printing-shop-operator');
    const grinder = await t.login('demo-grind', 'grinder');
    const live = await openLive(baseUrl);
    live.send({ token: stranger.bearerToken, type: 'MACHINE_CUT', resource: machine.machineId });
    expect(await live.next((f) => f.kind === 'ERROR')).toMatchObject({ status: 404 });
    live.send({ token: grinder.bearerToken, type: 'MACHINE_CUT', resource: machine.machineId });
    expect(await live.next((f) => f.kind === 'ERROR', 1)).toMatchObject({ status: 403 });
    live.send({ token: 'not-a-token', type: 'MACHINE_CUT', resource: machine.machineId });
    expect(await live.next((f) => f.kind === 'ERROR', 2)).toMatchObject({ status: 401 });
    live.send({ token: operator.bearerToken, type: 'MACHINE_CUT', resource: foreignMachine });
    expect(await live.next((f) => f.kind === 'ERROR', 3)).toMatchObject({ status: 404 });
    live.send('{not json');
    expect(await live.next((f) => f.kind === 'ERROR', 4)).toMatchObject({ status: 400 });
    live.send({ token: operator.bearerToken, type: 'EVERYTHING', resource: '#' } as never);
    expect(await live.next((f) => f.kind === 'ERROR', 5)).toMatchObject({ status: 400 });

    // While cuts flow, none of the refused subscriptions delivers anything (positive control: own socket).
    const own = await openLive(baseUrl);
    own.send({ token: operator.bearerToken, type: 'MACHINE_CUT', resource: machine.machineId });
    await own.next((f) => f.kind === 'SUBSCRIBED');
    const client = await connectMachine(t, machine);
    await publishAndAwaitAcks(client, machine, cutEvents(5, { start: Date.now() - 100_000 }));
    client.end(true);
    await own.next(isEvent('MACHINE_CUT'));
    expect(live.frames.filter((f) => f.kind === 'EVENT')).toEqual([]);
    live.close();
    own.close();
  });

  it('refuses a handshake from a foreign origin and accepts the own one', async () => {
    await expect(openLive(baseUrl, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    await expect(openLive(baseUrl, { origin: 'null' })).rejects.toThrow(/403/);
    const same = await openLive(baseUrl, { origin: baseUrl });
    same.close();
  });
});

describe('a subscriber that does not read', () => {
  it('is dropped once what waits for it passes the bound, instead of the server holding every frame', async () => {
    const sockets = (t.app as unknown as { websocketServer: { clients: Set<unknown> } }).websocketServer
      .clients;
    const live = await openLive(baseUrl);
    live.send({ token: operator.bearerToken, type: 'MACHINE_CUT', resource: machine.machineId });
    await live.next((f) => f.kind === 'SUBSCRIBED' && f.type === 'MACHINE_CUT');
    const open = sockets.size;
    const closed = new Promise((resolve) => live.socket.once('close', resolve));
    live.socket.pause();
    // 25 MB of events, through the broker as another instance's would come: more than the socket
    // buffers of both ends and the bound together.
    const topic = `kerf-live/${tenantOf(operator)}/MACHINE_CUT/${machine.machineId}`;
    const padding = 'x'.repeat(64 * 1024);
    const sent = 400;
    for (let n = 0; n < sent; n++) {
      t.app.kerf.bus.client.publish(
        topic,
        JSON.stringify({ data: { machineId: machine.machineId, n, padding }, publishedAt: Date.now() }),
      );
    }
    for (let waited = 0; sockets.size >= open; waited += 20) {
      if (waited > 20_000) throw new Error('the socket was not dropped');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    live.socket.resume();
    await closed;
    expect(live.frames.filter(isEvent('MACHINE_CUT')).length).toBeLessThan(sent);
  });
});

describe('live events with short-lived tokens', () => {
  let short: TestApp;
  afterAll(() => short?.close());

  it('sends a 401 event when the token of a subscription expires, and a refreshed token subscribes again', async () => {
    short = await startTestApp({ ACCESS_TOKEN_TTL: '2' });
    const url = await short.app.listen({ port: 0, host: '127.0.0.1' });
    const tokens = await short.login('demo', 'manager');
    const ids = await machineIdsBySerial(short, tokens, ['PM-115-0001']);
    const live = await openLive(url);
    live.send({ token: tokens.bearerToken, type: 'MACHINE_STATUS', resource: ids['PM-115-0001']! });
    await live.next((f) => f.kind === 'SUBSCRIBED');
    expect(await live.next((f) => f.kind === 'ERROR', 0, 6000)).toMatchObject({
      status: 401,
      code: 'authentication.TOKEN_EXPIRED',
      type: 'MACHINE_STATUS',
    });
    live.send({ token: tokens.bearerToken, type: 'MACHINE_STATUS', resource: ids['PM-115-0001']! });
    expect(await live.next((f) => f.kind === 'ERROR', 2)).toMatchObject({ status: 401 });
    const refreshed = await short.request({
      method: 'POST',
      url: '/api/auth/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    live.send({ token: refreshed.json().bearerToken, type: 'MACHINE_STATUS', resource: ids['PM-115-0001']! });
    await live.next((f) => f.kind === 'SUBSCRIBED', 3);
    live.close();
  });
});
