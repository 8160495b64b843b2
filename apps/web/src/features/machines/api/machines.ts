import {
  type CuttingMachineInput,
  createCuttingMachine,
  deleteCuttingMachine,
  getCuttingMachineOptions,
  getMachinesAdminView,
  listUnusedSerialNumbers,
  updateCuttingMachine,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { machineKeys } from './keys';

/** While the live socket is down, the dashboard asks this often for the machines' state instead. */
export const MACHINE_STATE_FALLBACK_REFRESH_MS = 30_000;

/** The browser's time zone: "today" is the user's day (product.md §7 "General"). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Dashboard: every machine with licence, state and cuts (in total and today, in the browser's
 * day), plus the licensing summary. It gives the machines and their first values; the live events
 * then bring each machine's view (`useMachineViewsLive`), which the dashboard shows instead. It
 * polls, slowly, only while `live` is false.
 */
export function useMachinesAdminView({ live }: { live: boolean }) {
  return useQuery({
    queryKey: machineKeys.adminView(),
    queryFn: ({ signal }) => api(getMachinesAdminView, { query: { timeZone: browserTimeZone() }, signal }),
    refetchInterval: live ? false : MACHINE_STATE_FALLBACK_REFRESH_MS,
  });
}

/** Creates an installed machine, or changes it (with network settings and contact) when `id` is given. */
export function useSaveMachine(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CuttingMachineInput) =>
      id ? api(updateCuttingMachine, { params: { id }, body }) : api(createCuttingMachine, { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteCuttingMachine, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useMachineOptions(id: string) {
  return useQuery({
    queryKey: machineKeys.options(id),
    queryFn: ({ signal }) => api(getCuttingMachineOptions, { params: { id }, signal }),
  });
}

/** Serial numbers of licences no machine uses yet: offered when creating an installed machine. */
export function useUnusedSerials(enabled: boolean) {
  return useQuery({
    queryKey: machineKeys.unusedSerials(),
    queryFn: ({ signal }) => api(listUnusedSerialNumbers, { signal }),
    enabled,
  });
}
