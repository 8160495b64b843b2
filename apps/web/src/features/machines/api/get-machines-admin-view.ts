import { getMachinesAdminView } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { machineKeys } from './keys';

/** While the live socket is down, the dashboard asks this often for the machines' state instead. */
export const MACHINE_STATE_FALLBACK_REFRESH_MS = 30_000;

/**
 * Dashboard: every machine with licence and state, plus the licensing summary. Live events keep it
 * current (`useMachinesLive`); it polls, slowly, only while `live` is false.
 */
export function useMachinesAdminView({ live }: { live: boolean }) {
  return useQuery({
    queryKey: machineKeys.adminView(),
    queryFn: ({ signal }) => api(getMachinesAdminView, { signal }),
    refetchInterval: live ? false : MACHINE_STATE_FALLBACK_REFRESH_MS,
  });
}
