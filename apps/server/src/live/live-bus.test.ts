import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bus, startBus } from '../plugins/bus';
import { type LiveFrame, liveTopic, startLiveBus } from './live-bus';
import { liveEvent } from './live-event';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let bus: Bus;
beforeAll(async () => {
  bus = await startBus({ mqttUrl: undefined, port: 0, host: '127.0.0.1', log });
});
afterAll(() => bus.close());

const tenantId = '00000000-0000-4000-8000-000000000001';
const machineId = '00000000-0000-4000-8000-00000000000a';
const until = async (check: () => boolean) => {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 5000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('live bus', () => {
  it('hands an event to its own subscribers at once and to other instances through the broker, each once', async () => {
    // Two instances on one broker (here: one connection, two live buses, each its own origin).
    const here = startLiveBus({ bus, log });
    const there = startLiveBus({ bus, log });
    const topic = liveTopic(tenantId, 'MACHINE_ONLINE_STATUS', machineId);
    const seenHere: LiveFrame[] = [];
    const seenThere: LiveFrame[] = [];
    here.listen(topic, (frame) => seenHere.push(frame));
    there.listen(topic, (frame) => seenThere.push(frame));
    await new Promise((resolve) => setTimeout(resolve, 500)); // their subscriptions reach the broker

    here.publisher.publish([
      liveEvent(tenantId, 'MACHINE_ONLINE_STATUS', { machineId, online: true } as never),
    ]);
    expect(seenHere).toHaveLength(1); // before any I/O
    expect(JSON.parse(seenHere[0]!.wire!.toString())).toMatchObject({
      kind: 'EVENT',
      type: 'MACHINE_ONLINE_STATUS',
      resource: machineId,
      data: { machineId, online: true },
    });
    expect(here.lastEvent(topic)?.data).toMatchObject({ online: true });

    await until(() => seenThere.length === 1);
    expect(seenThere[0]!.wire!.equals(seenHere[0]!.wire!)).toBe(true);
    // The broker's copy comes back to the publishing instance too; it is not delivered twice.
    there.publisher.publish([
      liveEvent(tenantId, 'MACHINE_ONLINE_STATUS', { machineId, online: false } as never),
    ]);
    await until(() => seenHere.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenHere).toHaveLength(2);
    expect(seenThere).toHaveLength(2);
    expect(seenHere.map((frame) => (frame.data as { online: boolean }).online)).toEqual([true, false]);
    here.close();
    there.close();
  });
});

describe('live bus memory', () => {
  it('remembers the last events of at most its bound of topics, forgetting the one updated longest ago', () => {
    const live = startLiveBus({ bus, log, lastEvents: 3 });
    const machine = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const publish = (n: number) =>
      live.publisher.publish([
        liveEvent(tenantId, 'MACHINE_ONLINE_STATUS', { machineId: machine(n), online: true } as never),
      ]);
    const remembered = (count: number) =>
      Array.from({ length: count }, (_, n) => n).filter(
        (n) => live.lastEvent(liveTopic(tenantId, 'MACHINE_ONLINE_STATUS', machine(n))) !== null,
      );
    for (let n = 0; n < 3; n++) publish(n);
    publish(0); // updated again: now the newest
    for (let n = 3; n < 10; n++) publish(n);
    expect(remembered(10)).toEqual([7, 8, 9]);
    publish(8);
    publish(10);
    expect(remembered(11)).toEqual([8, 9, 10]);
    live.close();
  });
});
