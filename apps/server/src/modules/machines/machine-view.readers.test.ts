import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import type { Transactions } from '../../db/transactions';
import type { LiveEvent } from '../../live/live-event';
import { createMachineViews, MACHINE_VIEW_READERS } from './machine-view';
import { insertMachine } from './machines.seed';

/**
 * The machine views of many printing shops: at most MACHINE_VIEW_READERS reads at once across
 * tenants (the pool is shared with the ingest), a tenant's changes that wait merge into its next
 * read, and every change is published in the end.
 */
let t: TestApp;
const shops: { tenantId: string; machineIds: string[] }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  for (let n = 0; n < 8; n++) {
    const { tenantId } = await t.addTenant(`view-readers-${n}`, 'PRINTING_SHOP', []);
    const machineIds = await t.app.kerf.transactions.withTenant(tenantId, async (tx) => {
      const ids: string[] = [];
      for (let m = 0; m < 3; m++)
        ids.push((await insertMachine(tx, tenantId, { name: `M${m}`, serialNumber: `VR-${n}-${m}` })).id);
      return ids;
    });
    shops.push({ tenantId, machineIds });
  }
});
afterAll(() => t.close());

/** The app's transactions, counting the view reads running at once. */
function counted(transactions: Transactions) {
  const state = { running: 0, most: 0, reads: 0 };
  const wrapped: Transactions = {
    ...transactions,
    async withTenant(tenantId, fn) {
      state.running += 1;
      state.reads += 1;
      state.most = Math.max(state.most, state.running);
      try {
        return await transactions.withTenant(tenantId, fn);
      } finally {
        state.running -= 1;
      }
    },
  };
  return { state, wrapped };
}

describe('machine views of many tenants', () => {
  it('reads at most MACHINE_VIEW_READERS at once, merges what waits, and publishes every change', async () => {
    const { state, wrapped } = counted(t.app.kerf.transactions);
    const published: LiveEvent[] = [];
    const views = createMachineViews({
      transactions: wrapped,
      live: { publish: (events) => published.push(...events) },
    });
    // every shop's machines change three times in a row, as three ingest batches would tell it
    for (let round = 0; round < 3; round++)
      for (const shop of shops)
        views.committed(
          shop.tenantId,
          shop.machineIds.map((machineId) => ({ kind: 'ONLINE' as const, machineId })),
        );
    await views.settled();

    expect(state.most).toBeLessThanOrEqual(MACHINE_VIEW_READERS);
    expect(state.most).toBe(MACHINE_VIEW_READERS);
    // 8 shops × 3 rounds of changes, read in fewer reads: what waited was read once
    expect(state.reads).toBeLessThan(shops.length * 3);
    for (const shop of shops) {
      const machines = new Set(
        published
          .filter((event) => event.tenantId === shop.tenantId && event.type === 'MACHINE_ONLINE_STATUS')
          .map((event) => (event.data as { machineId: string }).machineId),
      );
      expect([...machines].sort()).toEqual([...shop.machineIds].sort());
    }
  });

  it('a tenant that changes again during its read goes behind the tenants already waiting', async () => {
    // the order in which the reads start (with two readers, they may end in another order)
    const started: string[] = [];
    const transactions = t.app.kerf.transactions;
    const views = createMachineViews({
      transactions: {
        ...transactions,
        withTenant(tenantId, fn) {
          started.push(tenantId);
          return transactions.withTenant(tenantId, fn);
        },
      },
      live: { publish: () => {} },
    });
    const [busy, ...others] = shops;
    const change = (shop: (typeof shops)[number]) =>
      views.committed(shop.tenantId, [{ kind: 'ONLINE', machineId: shop.machineIds[0]! }]);
    // the busy shop and the first other are read at once, the six others wait; then the busy shop
    // changes again while its read runs
    change(busy!);
    for (const shop of others) change(shop);
    change(busy!);
    await views.settled();

    expect(started.filter((tenant) => tenant === busy!.tenantId)).toHaveLength(2);
    const busyAgain = started.lastIndexOf(busy!.tenantId);
    for (const shop of others) expect(started.indexOf(shop.tenantId)).toBeLessThan(busyAgain);
  });
});
