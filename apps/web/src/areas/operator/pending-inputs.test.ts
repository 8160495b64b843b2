import { describe, expect, it } from 'vitest';
import { machineView } from '../../test/machine-view';
import type { QueuedInput, QueueItem } from './offline-queue';
import { withPendingInputs } from './pending-inputs';

const MACHINE = '22222222-2222-4222-8222-222222222222';
const OTHER = '55555555-5555-4555-8555-555555555555';
const ORDER = '44444444-4444-4444-8444-444444444444';
const at = '2026-11-27T10:00:00.000Z';
const item = (input: QueuedInput, key = crypto.randomUUID()) => ({ ...input, key, at }) as QueueItem;

describe("the operator's unsent inputs over the server's view", () => {
  it('shows the last chosen status and order, in the order they were made, for this machine only', () => {
    const view = machineView(MACHINE, { revision: 5, totalCuts: 700 });
    const shown = withPendingInputs(view, [
      item({ kind: 'status', machineId: MACHINE, status: 'KNIFE_SWAP' }),
      item({ kind: 'status', machineId: OTHER, status: 'BREAK' }),
      item({
        kind: 'createOrder',
        machineId: MACHINE,
        orderId: ORDER,
        name: 'Flyer A5',
        orderNumber: 'A-1',
        programNumber: null,
      }),
      item({
        kind: 'updateOrder',
        machineId: MACHINE,
        orderId: ORDER,
        name: 'Flyer A5 matt',
        orderNumber: 'A-1',
        programNumber: 'P7',
      }),
    ]);
    expect(shown).toMatchObject({
      status: 'KNIFE_SWAP',
      statusGroup: 'SETUP',
      statusSince: at,
      currentJob: { id: ORDER, name: 'Flyer A5 matt', orderNumber: 'A-1', programNumber: 'P7', cuts: 0 },
    });
    // what the server counts stays the server's
    expect(shown.totalCuts).toBe(700);
    expect(shown.revision).toBe(5);
    // the cached view itself is untouched
    expect(view.status).toBe('RUNNING');
    expect(view.currentJob).toBeNull();
  });

  it('ends the current order on close or delete, and leaves another order alone', () => {
    const job = {
      id: ORDER,
      name: 'Flyer',
      orderNumber: null,
      programNumber: null,
      parentJobId: null,
      startDate: at,
      cuts: 12,
    };
    const view = machineView(MACHINE, { currentJob: job });
    const close = (orderId: string) => item({ kind: 'closeOrder', machineId: MACHINE, orderId, name: 'x' });
    expect(withPendingInputs(view, [close(OTHER)]).currentJob).toEqual(job);
    expect(withPendingInputs(view, [close(ORDER)]).currentJob).toBeNull();
    expect(withPendingInputs(view, []).currentJob).toEqual(job);
  });
});
