import { getMachinesAdminView } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { machineKeys } from './keys';

/** While the live socket is down, the dashboard asks this often for the machines' state instead. */
export const MACHINE_STATE_FALLBACK_REFRESH_MS = 30_000;

/** The browser's time zone: "today" is the user's day (product.md §7 "General"). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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
