import { randomUUID } from 'node:crypto';
import { machineTopics, TelemetryMessageSchema } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  connectMachine,
  cutEvents,
  machineIdsBySerial,
  provisionMachine,
  publishAndAwaitAcks,
  type TestMachine,
  tenantOf,
} from '../../test/machine-helpers';

let t: TestApp;
let machine: TestMachine;

const countRows = async () =>
  t.app.kerf.transactions.withTenant(machine.tenantId, async (tx) => {
    const result = (await tx.execute(sql`
      SELECT (SELECT count(*) FROM cuts)::int + (SELECT count(*) FROM machine_status_intervals)::int
           + (SELECT count(*) FROM knife_scans)::int AS n`)) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  });

beforeAll(async () => {
  t = await startTestApp();
  const tokens = await t.login('demo', 'admin');
  const ids = await machineIdsBySerial(t, tokens, ['PM-137-0003']);
  machine = await provisionMachine(t, tenantOf(tokens), ids['PM-137-0003']!);
});
afterAll(() => t.close());

const validEvent = () => cutEvents(1)[0]!;
/** Payloads that must all be refused: broken JSON, wrong shapes, wrong serial, bad values, far future. */
const invalidPayload = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .record({
      serial: fc.oneof(fc.constant('PM-137-0003'), fc.constant('PM-115-0001'), fc.string()),
      boot: fc.oneof(fc.uuid(), fc.string(), fc.integer()),
      events: fc.array(
        fc.record({
          type: fc.constantFrom('cut', 'status', 'knife-inserted', 'heartbeat', 'explode', ''),
          seq: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double(), fc.string()),
          at: fc.oneof(
            fc.constant(new Date(Date.now() + 86_400_000).toISOString()),
            fc.string(),
            fc.constant('2026-13-45T99:00:00Z'),
          ),
          status: fc.string(),
          rfid: fc.oneof(fc.string(), fc.constant('../../etc')),
          extra: fc.jsonValue(),
        }),
        { maxLength: 3 },
      ),
    })
    .map((message) => JSON.stringify(message)),
  // a valid message with one poisoned event: the whole message is refused
  fc.constantFrom('DROP TABLE cuts', '"; --', null, 1e308).map((poison) =>
    JSON.stringify({
      serial: 'PM-137-0003',
      boot: randomUUID(),
      events: [validEvent(), { ...validEvent(), seq: poison }],
    }),
  ),
  fc.constant(JSON.stringify({ serial: 'PM-137-0003', boot: randomUUID(), events: cutEvents(1001) })),
);

const isAccepted = (payload: string) => {
  try {
    const parsed = TelemetryMessageSchema.safeParse(JSON.parse(payload));
    return (
      parsed.success &&
      parsed.data.serial === machine.serial &&
      parsed.data.events.every((event) => Date.parse(event.at) <= Date.now() + 60_000)
    );
  } catch {
    return false;
  }
};

describe('malformed telemetry', () => {
  it('is counted and refused, writes no row and does not stop the ingest', async () => {
    const payloads = fc.sample(invalidPayload, { numRuns: 3000, seed: 4 }).filter((p) => !isAccepted(p));
    const rowsBefore = await countRows();
    const invalidBefore = t.app.kerf.ingestStats().invalid;
    const client = await connectMachine(t, machine);
    const topic = machineTopics(machine.tenantId, machine.serial).telemetry;
    for (const payload of payloads) client.publish(topic, payload, { qos: 1 });
    await expect
      .poll(() => t.app.kerf.ingestStats().invalid - invalidBefore, { timeout: 20_000 })
      .toBe(payloads.length);
    expect(await countRows()).toBe(rowsBefore);
    // Still alive: a valid message right after is stored and acknowledged.
    await publishAndAwaitAcks(client, machine, cutEvents(3));
    expect(await countRows()).toBe(rowsBefore + 3);
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    client.end(true);
    expect(payloads.length).toBeGreaterThan(2500);
  });
});
