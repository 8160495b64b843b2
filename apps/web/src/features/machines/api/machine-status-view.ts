import {
  getCuttingMachine,
  getMachineStatusView,
  type LiveEventData,
  type MachineStatusView,
  type MachineViewEventType,
} from '@kerf/contracts';
import { type QueryClient, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useLiveEvent } from '../../../lib/live';
import { machineKeys } from './keys';
import { MACHINE_STATE_FALLBACK_REFRESH_MS } from './machines';

/** One machine's master data (name, serial number, location, cutting width). */
export function useMachine(id: string) {
  return useQuery({
    queryKey: machineKeys.detail(id),
    queryFn: ({ signal }) => api(getCuttingMachine, { params: { id }, signal }),
  });
}

/**
 * Whether a machine view from the server may replace the one the browser holds (issue "One truth
 * per machine"): the server's `revision` grows with every change it stores for the machine, so a
 * higher revision is newer; an equal revision holds the same stored state, and the later read
 * (`asOf`) has the fresher online state. An older view — a read that started before a live event
 * and answers after it, a late replay — is dropped whole; nothing is ever merged.
 */
export function isNotOlder(incoming: MachineStatusView, cached: MachineStatusView | undefined): boolean {
  if (!cached || cached.machineId !== incoming.machineId) return true;
  if (incoming.revision !== cached.revision) return incoming.revision > cached.revision;
  return Date.parse(incoming.asOf) >= Date.parse(cached.asOf);
}

/**
 * Puts a machine view from the server (an HTTP read, the status PUT's answer, a live event) into
 * the machine's one cache entry, unless the entry already holds a newer one. Returns whether it did.
 */
export function acceptMachineView(queryClient: QueryClient, view: MachineStatusView): boolean {
  const key = machineKeys.statusView(view.machineId);
  if (!isNotOlder(view, queryClient.getQueryData<MachineStatusView>(key))) return false;
  queryClient.setQueryData<MachineStatusView>(key, view);
  return true;
}

/** The query of one machine's view: its one cache entry, which an older read never overwrites. */
export const statusViewQuery = (
  id: string,
  { live, enabled = true }: { live: boolean; enabled?: boolean },
) => ({
  queryKey: machineKeys.statusView(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => api(getMachineStatusView, { params: { id }, signal }),
  enabled,
  refetchInterval: live ? (false as const) : MACHINE_STATE_FALLBACK_REFRESH_MS,
  // a read that answers after a newer view arrived (live or from the PUT) leaves that one in place
  structuralSharing: (cached: unknown, read: unknown) =>
    isNotOlder(read as MachineStatusView, cached as MachineStatusView | undefined) ? read : cached,
});

/**
 * The machine's view as the server built it (status, operator, online state, counters, cuts today,
 * knife with its urgency, current order); read once, then kept current by `useMachineViewsLive`.
 * It polls, slowly, only while not `live`.
 */
export function useMachineStatusView(id: string, { live }: { live: boolean }) {
  return useQuery(statusViewQuery(id, { live }));
}

/**
 * The views of several machines (the manager's start page, the admin dashboard). With `read: false`
 * nothing is asked over HTTP: the entries are filled by the live events (each subscription replays
 * the machine's view at once) and by whoever else reads them.
 */
export function useMachineStatusViews(
  ids: readonly string[],
  { live, read = true }: { live: boolean; read?: boolean },
) {
  return useQueries({
    queries: ids.map((id) => statusViewQuery(id, { live, enabled: read })),
    combine: (results) => ({
      views: new Map(
        results.flatMap((result) => (result.data ? [[result.data.machineId, result.data]] : [])),
      ),
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      /** when the server read the oldest of these views (0 while none is there): how stale they may be */
      asOf: oldestAsOf(results.map((result) => result.data)),
      /** when the server read the newest of them: the last change that arrived */
      newestAsOf: Math.max(0, ...results.map((result) => (result.data ? Date.parse(result.data.asOf) : 0))),
      refetch: () => results.forEach((result) => void result.refetch()),
    }),
  });
}

/** When the server read the oldest of these views, ms since epoch; 0 while none is there. */
export function oldestAsOf(views: readonly (MachineStatusView | undefined)[]): number {
  const times = views.flatMap((view) => (view ? [Date.parse(view.asOf)] : []));
  return times.length > 0 ? Math.min(...times) : 0;
}

/**
 * Keeps the view entries of these machines current from the live socket: each of the four machine
 * event types (MACHINE_CUT, MACHINE_STATUS, OPERATOR_MACHINE_USE, MACHINE_ONLINE_STATUS) carries
 * the machine's whole view, which replaces the cached one unless that is newer. The type only says
 * what changed; the browser computes nothing from it.
 */
export function useMachineViewsLive(machineIds: readonly string[]) {
  const queryClient = useQueryClient();
  const accept = (view: LiveEventData<MachineViewEventType>) => void acceptMachineView(queryClient, view);
  useLiveEvent('MACHINE_CUT', machineIds, accept);
  useLiveEvent('MACHINE_STATUS', machineIds, accept);
  useLiveEvent('OPERATOR_MACHINE_USE', machineIds, accept);
  useLiveEvent('MACHINE_ONLINE_STATUS', machineIds, accept);
}
