import { getMachinesAdminView } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { machineKeys } from './keys';

/** How often the dashboard asks for the machines' online and current status. */
export const MACHINE_STATE_REFRESH_MS = 10_000;

/** Dashboard: every machine with licence and live state, plus the licensing summary; polled. */
export function useMachinesAdminView() {
  return useQuery({
    queryKey: machineKeys.adminView(),
    queryFn: ({ signal }) => api(getMachinesAdminView, { signal }),
    refetchInterval: MACHINE_STATE_REFRESH_MS,
  });
}
