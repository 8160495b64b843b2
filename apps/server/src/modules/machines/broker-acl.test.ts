import { randomUUID } from 'node:crypto';
import { machineTopics } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import {
  connectMachine,
  cutEvents,
  machineIdsBySerial,
  provisionMachine,
  publishAndAwaitAcks,
  type TestMachine,
  tenantOf,
} from '../../../test/machine-helpers';
import { insertMachine } from './index';

let t: TestApp;
let own: TestMachine;
let sibling: TestMachine;
let foreign: TestMachine;

const totalCuts = (m: TestMachine) =>
  t.app.kerf.transactions.withTenant(m.tenantId, async (tx) => {
    const result = (await tx.execute(
      sql`SELECT total_cuts::int AS n FROM cutting_machines WHERE id = ${m.machineId}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  });

beforeAll(async () => {
  t = await startTestApp();
  const tokens = await t.login('demo', 'admin');
  const tenantId = tenantOf(tokens);
  const ids = await machineIdsBySerial(t, tokens, ['PM-115-0001', 'PM-115-0002']);
  own = await provisionMachine(t, tenantId, ids['PM-115-0001']!);
  sibling = await provisionMachine(t, tenantId, ids['PM-115-0002']!);
  const other = await t.addTenant('acl-other', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  const { id } = await t.app.kerf.transactions.withTenant(other.tenantId, (tx) =>
    // A serial number belongs to one tenant only (a unique index), so the foreign machine has its own.
    insertMachine(tx, other.tenantId, { name: 'Fremd', serialNumber: 'PM-115-9001' }),
  );
  foreign = await provisionMachine(t, other.tenantId, id);
});
afterAll(() => t.close());

describe('machine credentials on the embedded broker', () => {
  it('refuses a wrong secret, an unknown username, an anonymous client and a borrowed client id', async () => {
    await expect(connectMachine(t, { ...own, password: 'wrong' })).rejects.toThrow();
    await expect(
      connectMachine(t, { username: `${randomUUID()}.X-1`, password: own.password }),
    ).rejects.toThrow();
    await expect(connectMachine(t, { username: '', password: '' })).rejects.toThrow();
    await expect(connectMachine(t, own, { clientId: sibling.username })).rejects.toThrow();
    for (const clientId of ['+', '#', 'a/b'])
      await expect(connectMachine(t, own, { clientId })).rejects.toThrow();
  });

  it('a doctor probe (`<username>~doctor`) may connect but neither publish nor subscribe', async () => {
    const probe = await connectMachine(t, own, { clientId: `${own.username}~doctor` });
    let received = 0;
    probe.on('message', () => {
      received += 1;
    });
    const before = await totalCuts(own);
    const granted = await probe
      .subscribeAsync(machineTopics(own.tenantId, own.serial).ack, { qos: 1 })
      .catch(() => []);
    expect(granted.every((grant) => grant.qos === 128)).toBe(true);
    probe.publish(
      machineTopics(own.tenantId, own.serial).telemetry,
      JSON.stringify({ serial: own.serial, boot: randomUUID(), events: cutEvents(5) }),
      { qos: 1 },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    probe.end(true);
    expect(await totalCuts(own)).toBe(before);
    expect(received).toBe(0);
    // Another machine's username with the suffix is still someone else's session.
    await expect(connectMachine(t, own, { clientId: `${sibling.username}~doctor` })).rejects.toThrow();
  });

  it('a re-issued credential replaces the old secret', async () => {
    const old = await provisionMachine(t, own.tenantId, own.machineId);
    own = await provisionMachine(t, own.tenantId, own.machineId);
    await expect(connectMachine(t, old)).rejects.toThrow();
    (await connectMachine(t, own)).end(true);
  });
});

describe('topic ACL (deliveries counted, not grants: reliability.md M11)', () => {
  it('a machine cannot publish as a sibling or as a machine of another tenant', async () => {
    const attacker = await connectMachine(t, own);
    const before = [await totalCuts(sibling), await totalCuts(foreign)];
    const forged = (target: TestMachine, tenantId: string) =>
      JSON.stringify({ serial: target.serial, boot: randomUUID(), events: cutEvents(10) }) &&
      attacker.publish(
        machineTopics(tenantId, target.serial).telemetry,
        JSON.stringify({ serial: target.serial, boot: randomUUID(), events: cutEvents(10) }),
        { qos: 1 },
      );
    forged(sibling, sibling.tenantId);
    forged(foreign, foreign.tenantId);
    // The foreign machine's serial under the attacker's own tenant names no machine of it: refused too.
    forged(foreign, own.tenantId);
    attacker.end(true);
    // Positive control: the victims' own publishes do land.
    const victim = await connectMachine(t, sibling);
    await publishAndAwaitAcks(victim, sibling, cutEvents(3));
    victim.end(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([await totalCuts(sibling), await totalCuts(foreign)]).toEqual([before[0]! + 3, before[1]]);
  });

  it('a machine cannot read the acks of other machines, whatever filter it tries', async () => {
    const filters = [
      '#',
      'kerf/#',
      'kerf/+/+/ack',
      `kerf/${own.tenantId}/+/ack`,
      machineTopics(sibling.tenantId, sibling.serial).ack,
      machineTopics(foreign.tenantId, foreign.serial).ack,
      `kerf/${foreign.tenantId}/#`,
      '$SYS/#',
      'kerf-live/#',
    ];
    let stolen = 0;
    let ownAcks = 0;
    const victim = await connectMachine(t, sibling);
    const foreignVictim = await connectMachine(t, foreign);
    for (const filter of filters) {
      const spy: MqttClient = await connectMachine(t, own);
      spy.on('message', (topic) => {
        if (topic === machineTopics(own.tenantId, own.serial).ack) ownAcks += 1;
        else stolen += 1;
      });
      // A refused subscription may also end the connection; either way nothing may arrive.
      await Promise.race([
        spy.subscribeAsync(filter, { qos: 1 }).catch(() => {}),
        new Promise((r) => setTimeout(r, 300)),
      ]);
      // Victims publish; their own acks arrive (positive control) and the spy sees none of them.
      expect((await publishAndAwaitAcks(victim, sibling, cutEvents(3))).length).toBeGreaterThan(0);
      expect((await publishAndAwaitAcks(foreignVictim, foreign, cutEvents(3))).length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      spy.end(true);
    }
    expect(stolen).toBe(0);
    // The spy may still read its own acks (positive control of the subscription path).
    const self = await connectMachine(t, own);
    self.on('message', () => {
      ownAcks += 1;
    });
    await publishAndAwaitAcks(self, own, cutEvents(2));
    expect(ownAcks).toBeGreaterThan(0);
    for (const client of [self, victim, foreignVictim]) client.end(true);
  });
});
