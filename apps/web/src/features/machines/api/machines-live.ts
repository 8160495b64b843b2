import type { CuttingMachineAdminView, MachineCutData, MachinesAdminViewSchema } from '@kerf/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useLiveEvent } from '../../../lib/live';
import { machineKeys } from './keys';

type AdminView = z.infer<typeof MachinesAdminViewSchema>;

const localDay = (at: number | string) => new Date(at).toDateString();

function updateMachine(
  queryClient: QueryClient,
  machineId: string,
  change: (machine: CuttingMachineAdminView) => CuttingMachineAdminView,
) {
  queryClient.setQueryData<AdminView>(machineKeys.adminView(), (view) =>
    view
      ? {
          ...view,
          machines: view.machines.map((machine) => (machine.id === machineId ? change(machine) : machine)),
        }
      : view,
  );
}

/**
 * A cut event moves the machine's counters by what the server counted since the view was read: the
 * difference of the totals, so a replayed or repeated event adds nothing. Cuts of a day after the
 * one the view counted "today" for make it read the view again.
 */
function applyCut(queryClient: QueryClient, data: MachineCutData) {
  const readAt = queryClient.getQueryState(machineKeys.adminView())?.dataUpdatedAt ?? 0;
  if (readAt > 0 && localDay(data.lastCutAt) !== localDay(readAt) && Date.parse(data.lastCutAt) > readAt) {
    void queryClient.invalidateQueries({ queryKey: machineKeys.adminView(), exact: true });
    return;
  }
  updateMachine(queryClient, data.machineId, (machine) => {
    const added = data.totalCuts - machine.totalCuts;
    if (added <= 0) return machine;
    return { ...machine, totalCuts: data.totalCuts, cutsToday: machine.cutsToday + added };
  });
}

/**
 * Keeps the machines in the admin view's cache current from the live socket: MACHINE_STATUS moves
 * the status, MACHINE_ONLINE_STATUS the online badge, MACHINE_CUT the cut counters.
 */
export function useMachinesLive(machineIds: readonly string[]) {
  const queryClient = useQueryClient();
  useLiveEvent('MACHINE_STATUS', machineIds, (data) =>
    updateMachine(queryClient, data.machineId, (machine) => ({
      ...machine,
      status: data.status,
      statusSince: data.since,
    })),
  );
  useLiveEvent('MACHINE_ONLINE_STATUS', machineIds, (data) =>
    updateMachine(queryClient, data.machineId, (machine) => ({
      ...machine,
      onlineStatus: data.onlineStatus,
    })),
  );
  useLiveEvent('MACHINE_CUT', machineIds, (data) => applyCut(queryClient, data));
}
