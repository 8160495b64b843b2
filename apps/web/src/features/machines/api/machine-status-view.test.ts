import type { MachineStatusView } from '@kerf/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { machineView } from '../../../test/machine-view';
import { machineKeys } from './keys';
import { acceptMachineView, isNotOlder, statusViewQuery } from './machine-status-view';

const ID = '0b6a3c1e-6a8e-4a55-9d57-1c2f3e4d5a6b';
const view = (overrides: Partial<MachineStatusView> = {}) =>
  machineView(ID, { revision: 10, asOf: '2026-11-23T08:10:00.000Z', ...overrides });

describe('a machine view replaces the cached one only when it is not older', () => {
  it('orders views by revision, and equal revisions by the time the server read them', () => {
    expect(isNotOlder(view(), undefined)).toBe(true);
    expect(isNotOlder(view({ revision: 11 }), view())).toBe(true);
    expect(isNotOlder(view({ revision: 9, asOf: '2026-11-23T09:00:00.000Z' }), view())).toBe(false);
    expect(isNotOlder(view({ asOf: '2026-11-23T08:11:00.000Z' }), view())).toBe(true);
    expect(isNotOlder(view(), view())).toBe(true);
    expect(isNotOlder(view({ asOf: '2026-11-23T08:09:00.000Z' }), view())).toBe(false);
  });

  it('replaces the entry whole, never mixing two views', () => {
    const queryClient = new QueryClient();
    const cached = view({ totalCuts: 500, status: 'BREAK' });
    expect(acceptMachineView(queryClient, cached)).toBe(true);
    // an older view with a higher counter (it cannot happen, but if it did) changes nothing
    expect(acceptMachineView(queryClient, view({ revision: 9, totalCuts: 900 }))).toBe(false);
    expect(queryClient.getQueryData(machineKeys.statusView(ID))).toBe(cached);
    const newer = view({ revision: 12, totalCuts: 520, status: 'RUNNING', knife: null });
    expect(acceptMachineView(queryClient, newer)).toBe(true);
    expect(queryClient.getQueryData(machineKeys.statusView(ID))).toEqual(newer);
    queryClient.clear();
  });

  it('applies in the query cache: a read answering after a newer live view leaves that one', async () => {
    const queryClient = new QueryClient();
    let answer: (value: MachineStatusView) => void = () => undefined;
    const observer = new QueryObserver(queryClient, {
      ...statusViewQuery(ID, { live: true }),
      queryFn: () => new Promise<MachineStatusView>((resolve) => (answer = resolve)),
    });
    const stop = observer.subscribe(() => undefined);
    // a live event brings revision 11 while the read (taken at revision 10) is on its way
    const live = view({ revision: 11, totalCuts: 103 });
    acceptMachineView(queryClient, live);
    answer(view({ totalCuts: 100 }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(machineKeys.statusView(ID))).toBe(live);
    // a read of a later revision replaces it
    void observer.refetch();
    answer(view({ revision: 12, totalCuts: 110 }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData<MachineStatusView>(machineKeys.statusView(ID))?.totalCuts).toBe(110);
    stop();
    queryClient.clear();
  });
});
