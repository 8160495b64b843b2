import type { MachineStatusView } from '@kerf/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { machineKeys } from './keys';
import { mergeStatusView } from './machine-status-view';

const ID = '0b6a3c1e-6a8e-4a55-9d57-1c2f3e4d5a6b';
const view = (overrides: Partial<MachineStatusView> = {}): MachineStatusView => ({
  machineId: ID,
  name: 'Schneider 2',
  serialNumber: 'PM-115-0002',
  status: 'RUNNING',
  statusSince: '2026-11-23T08:00:00.000Z',
  operator: null,
  onlineStatus: 'ONLINE',
  lastSeenAt: '2026-11-23T08:00:00.000Z',
  totalCuts: 100,
  lastCutAt: '2026-11-23T08:10:00.000Z',
  knife: {
    rfid: 'K1',
    cutsSinceLastGrinding: 40,
    totalCuts: 400,
    knifeSwapInterval: 3500,
    swapUrgency: 'OK',
  },
  currentJob: null,
  ...overrides,
});

describe('a status view read before a live update answers after it', () => {
  it('keeps the newer counters and status of the cache', () => {
    const live = view({
      totalCuts: 103,
      lastCutAt: '2026-11-23T08:12:00.000Z',
      knife: { ...view().knife!, cutsSinceLastGrinding: 43, totalCuts: 403 },
      status: 'KNIFE_SWAP',
      statusSince: '2026-11-23T08:13:00.000Z',
    });
    const stale = view({ lastSeenAt: '2026-11-23T08:14:00.000Z' });
    expect(mergeStatusView(live, stale)).toEqual({ ...live, lastSeenAt: '2026-11-23T08:14:00.000Z' });
  });

  it('takes a newer read as it is, and a new knife from the read', () => {
    const cached = view();
    const newer = view({ totalCuts: 120, status: 'PAUSED', statusSince: '2026-11-23T09:00:00.000Z' });
    expect(mergeStatusView(cached, newer)).toBe(newer);
    expect(mergeStatusView(undefined, newer)).toBe(newer);
    const swapped = view({ knife: { ...view().knife!, rfid: 'K2', cutsSinceLastGrinding: 0 } });
    expect(mergeStatusView(view({ totalCuts: 101 }), swapped).knife?.rfid).toBe('K2');
  });

  it('applies in the query cache: a late answer does not undo live cuts', async () => {
    const client = new QueryClient();
    let answer: (value: MachineStatusView) => void = () => undefined;
    const observer = new QueryObserver(client, {
      queryKey: machineKeys.statusView(ID),
      queryFn: () => new Promise<MachineStatusView>((resolve) => (answer = resolve)),
      structuralSharing: (cached: unknown, read: unknown) =>
        mergeStatusView(cached as MachineStatusView | undefined, read as MachineStatusView),
    });
    const stop = observer.subscribe(() => undefined);
    client.setQueryData(machineKeys.statusView(ID), view());
    // a live cut event moves the counter while the read (taken before the cuts) is on its way
    client.setQueryData(machineKeys.statusView(ID), view({ totalCuts: 103 }));
    answer(view());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData<MachineStatusView>(machineKeys.statusView(ID))?.totalCuts).toBe(103);
    stop();
    client.clear();
  });
});
