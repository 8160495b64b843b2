import type { MachineCutData, MachinesAdminViewSchema } from '@kerf/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useLiveEvent } from '../../../lib/live';
import { machineKeys } from './keys';

type AdminView = z.infer<typeof MachinesAdminViewSchema>;
export type MachineCuts = Record<string, MachineCutData>;

/**
 * Keeps the machines' state and cut counters current from the live socket: MACHINE_STATUS moves the
 * status in the admin view's cache, MACHINE_CUT stores the counters of each machine's last cut.
 */
export function useMachinesLive(machineIds: readonly string[]) {
  const queryClient = useQueryClient();
  useLiveEvent('MACHINE_STATUS', machineIds, (data) => {
    queryClient.setQueryData<AdminView>(machineKeys.adminView(), (view) =>
      view
        ? {
            ...view,
            machines: view.machines.map((machine) =>
              machine.id === data.machineId
                ? { ...machine, status: data.status, statusSince: data.since }
                : machine,
            ),
          }
        : view,
    );
  });
  useLiveEvent('MACHINE_CUT', machineIds, (data) => {
    queryClient.setQueryData<MachineCuts>(machineKeys.liveCuts(), (cuts) => {
      const previous = cuts?.[data.machineId];
      // a replayed event may be older than one already here
      if (previous && previous.totalCuts > data.totalCuts) return cuts;
      return { ...cuts, [data.machineId]: data };
    });
  });
}

/** The last cut event per machine id, as `useMachinesLive` receives them. */
export function useMachineCuts(): MachineCuts {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: machineKeys.liveCuts(),
    // Nothing to fetch: the data comes from live events; a refetch keeps what is there.
    queryFn: () => queryClient.getQueryData<MachineCuts>(machineKeys.liveCuts()) ?? {},
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? {};
}
