import { randomUUID } from 'node:crypto';
import {
  MACHINE_VIEW_EVENT_TYPES,
  type MachineStatus,
  type MachineStatusView,
  machineTopics,
  type OperatorMachine,
  type TelemetryEvent,
  type TokenPair,
} from '@kerf/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { openLive } from '../../../test/live-helpers';
import {
  connectMachine,
  machineIdsBySerial,
  provisionMachine,
  type TestMachine,
  tenantOf,
} from '../../../test/machine-helpers';
import { DEMO_MACHINE_SERIALS } from './index';

/**
 * One truth per machine: after a stretch of live traffic — machines cutting and swapping knives,
 * operators changing statuses, taking machines and opening orders — the last view every live
 * subscriber holds is, field by field, what `GET status-view` answers. Subscribers keep a view as a
 * browser does: the one with the highest revision, replaced whole, never folded.
 */
const TRAFFIC_MS = Number(process.env.KERF_CONSISTENCY_MS ?? 60_000);
const SUBSCRIBERS = 10;

let t: TestApp;
let baseUrl: string;
let manager: TokenPair;
let operator: TokenPair;
let machines: TestMachine[];
let operable: string[];

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  manager = await t.login('demo', 'admin');
  operator = await t.login('demo', 'operator');
  const ids = await machineIdsBySerial(t, manager, [...DEMO_MACHINE_SERIALS]);
  machines = await Promise.all(Object.values(ids).map((id) => provisionMachine(t, tenantOf(manager), id)));
  const selection = await t.request({
    method: 'GET',
    url: '/api/printing-shop/cutting-machines/operator-selection-view',
    headers: bearer(operator),
  });
  operable = (selection.json() as OperatorMachine[]).map((machine) => machine.machineId);
});
afterAll(() => t.close());

/** A live subscriber that keeps the newest view of each machine, as the web app does. */
async function subscriber(machineIds: string[]) {
  const live = await openLive(baseUrl);
  const views = new Map<string, MachineStatusView>();
  live.socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    if (frame.kind !== 'EVENT') return;
    const view = frame.data as MachineStatusView;
    const held = views.get(view.machineId);
    if (!held || view.revision >= held.revision) views.set(view.machineId, view);
  });
  for (const resource of machineIds)
    for (const type of MACHINE_VIEW_EVENT_TYPES)
      live.send({ token: manager.bearerToken, type, resource, replayLastEvent: true });
  await live.next((frame) => frame.kind === 'SUBSCRIBED' && frame.resource === machineIds.at(-1), 0, 10_000);
  return { live, views };
}

/** A machine's agent: cuts in small batches, now and then a knife swap. */
function machineTraffic(machine: TestMachine, client: MqttClient, until: number) {
  const topics = machineTopics(machine.tenantId, machine.serial);
  const boot = randomUUID();
  let seq = 0;
  return (async () => {
    while (Date.now() < until) {
      const at = () => new Date().toISOString();
      const events: TelemetryEvent[] = [];
      if (Math.random() < 0.05)
        events.push({
          type: 'knife-inserted',
          seq: ++seq,
          at: at(),
          rfid: `C0FFEE${Math.floor(Math.random() * 4)}${machine.serial.slice(-1)}`,
        });
      for (let i = 0; i < 1 + Math.floor(Math.random() * 5); i++)
        events.push({ type: 'cut', seq: ++seq, at: at() });
      if (Math.random() < 0.1) events.push({ type: 'heartbeat', seq: ++seq, at: at() });
      await client.publishAsync(topics.telemetry, JSON.stringify({ serial: machine.serial, boot, events }), {
        qos: 1,
      });
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  })();
}

const STATUSES: MachineStatus[] = [
  'RUNNING',
  'PAUSED',
  'BREAK',
  'INTERRUPTION_PRINTING_MATERIAL_MISSING',
  'INTERRUPTION_PRINTING_MATERIAL_FAULTY',
  'SUPPORT_CUTTING_MACHINE_CLEANING',
  'KNIFE_SWAP',
];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** The operator at the terminal: statuses (refused ones included), taking machines, orders. */
async function operatorTraffic(until: number) {
  const request = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.request({
      method,
      url: `/api/printing-shop${url}`,
      headers: { ...bearer(operator), 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
  const orders = new Map<string, string>();
  while (Date.now() < until) {
    const machineId = pick(operable);
    const roll = Math.random();
    if (roll < 0.6) await request('PUT', `/cutting-machines/${machineId}/status`, { value: pick(STATUSES) });
    else if (roll < 0.75) await request('PUT', '/users/self/current-machine', { machineId });
    else if (roll < 0.8) await request('DELETE', `/users/self/current-machine/${machineId}`);
    else if (orders.has(machineId)) {
      await request('PUT', `/orders/${orders.get(machineId)}/close`);
      orders.delete(machineId);
    } else {
      const id = randomUUID();
      const created = await request('POST', '/orders', { id, machineId, name: `Job ${id.slice(0, 4)}` });
      if (created.statusCode === 201) orders.set(machineId, id);
    }
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250));
  }
}

describe('the machine view', () => {
  it(
    `is the same for ${SUBSCRIBERS} live subscribers as GET status-view after ${TRAFFIC_MS / 1000} s of traffic`,
    async () => {
      const ids = machines.map((machine) => machine.machineId);
      const subscribers = await Promise.all(Array.from({ length: SUBSCRIBERS }, () => subscriber(ids)));
      const clients = await Promise.all(machines.map((machine) => connectMachine(t, machine)));
      const until = Date.now() + TRAFFIC_MS;
      await Promise.all([
        ...machines.map((machine, i) => machineTraffic(machine, clients[i]!, until)),
        operatorTraffic(until),
      ]);
      // Let the last batches commit and their views go out.
      const current = async () =>
        Promise.all(
          ids.map(
            async (id) =>
              (
                await t.request({
                  method: 'GET',
                  url: `/api/printing-shop/cutting-machines/${id}/status-view`,
                  headers: bearer(manager),
                })
              ).json() as MachineStatusView,
          ),
        );
      let expected = await current();
      for (let settled = false, tries = 0; !settled && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const again = await current();
        settled = again.every((view, i) => view.revision === expected[i]!.revision);
        expected = again;
      }
      const deadline = Date.now() + 10_000;
      const behind = () =>
        subscribers.some(({ views }) =>
          expected.some((view) => (views.get(view.machineId)?.revision ?? -1) < view.revision),
        );
      while (behind() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));

      const without = ({ asOf: _read, ...view }: MachineStatusView) => view;
      let compared = 0;
      for (const { views } of subscribers)
        for (const view of expected) {
          expect(without(views.get(view.machineId)!)).toEqual(without(view));
          compared += 1;
        }
      expect(compared).toBe(SUBSCRIBERS * machines.length);
      // the traffic really moved every machine
      expect(expected.every((view) => view.totalCuts > 0 && view.revision > 10)).toBe(true);
      for (const client of clients) client.end(true);
      for (const { live } of subscribers) live.close();
    },
    TRAFFIC_MS + 120_000,
  );
});
