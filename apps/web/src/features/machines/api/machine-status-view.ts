import {
  getCuttingMachine,
  getMachineStatusView,
  type KnifeSwapUrgency,
  knifeSwapUrgency,
  type MachineStatusView,
} from '@kerf/contracts';
import { type QueryClient, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useLiveEvent } from '../../../lib/live';
import { MACHINE_STATE_FALLBACK_REFRESH_MS } from './get-machines-admin-view';
import { machineKeys } from './keys';

/** One machine's master data (name, serial number, location, cutting width). */
export function useMachine(id: string) {
  return useQuery({
    queryKey: machineKeys.detail(id),
    queryFn: ({ signal }) => api(getCuttingMachine, { params: { id }, signal }),
  });
}

const since = (at: string | null) => (at ? Date.parse(at) : 0);

/**
 * A status view read from the server, laid over the one in the cache. A read that started before a
 * live event arrived can answer after it: its counters and status are then older than what the
 * cache already shows, and taking them would undo the live update until the next event (the cut
 * counter stood still although the cuts had arrived). Counters only grow, and a status has its
 * `statusSince`, so the newer of each is kept; a new knife, or a status that changed since, wins.
 */
export function mergeStatusView(
  cached: MachineStatusView | undefined,
  read: MachineStatusView,
): MachineStatusView {
  if (!cached || cached.machineId !== read.machineId) return read;
  let view = read;
  if (cached.totalCuts > read.totalCuts) {
    view = {
      ...view,
      totalCuts: cached.totalCuts,
      lastCutAt: cached.lastCutAt,
      knife: cached.knife && read.knife && cached.knife.rfid === read.knife.rfid ? cached.knife : read.knife,
      currentJob:
        cached.currentJob && read.currentJob && cached.currentJob.id === read.currentJob.id
          ? { ...read.currentJob, cuts: Math.max(cached.currentJob.cuts, read.currentJob.cuts) }
          : read.currentJob,
    };
  }
  if (since(cached.statusSince) > since(read.statusSince)) {
    view = { ...view, status: cached.status, statusSince: cached.statusSince, operator: cached.operator };
  }
  return view;
}

const statusViewQuery = (id: string, live: boolean) => ({
  queryKey: machineKeys.statusView(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => api(getMachineStatusView, { params: { id }, signal }),
  refetchInterval: live ? (false as const) : MACHINE_STATE_FALLBACK_REFRESH_MS,
  structuralSharing: (cached: unknown, read: unknown) =>
    mergeStatusView(cached as MachineStatusView | undefined, read as MachineStatusView),
});

/** Status, operator, online state, counters and knife of a machine; polls slowly only while not `live`. */
export function useMachineStatusView(id: string, { live }: { live: boolean }) {
  return useQuery(statusViewQuery(id, live));
}

/** The status views of several machines (the manager's start page). */
export function useMachineStatusViews(ids: readonly string[], { live }: { live: boolean }) {
  return useQueries({
    queries: ids.map((id) => statusViewQuery(id, live)),
    combine: (results) => ({
      views: new Map(
        results.flatMap((result) => (result.data ? [[result.data.machineId, result.data]] : [])),
      ),
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      updatedAt: Math.max(0, ...results.map((result) => result.dataUpdatedAt)),
      refetch: () => results.forEach((result) => void result.refetch()),
    }),
  });
}

function update(
  queryClient: QueryClient,
  id: string,
  change: (view: MachineStatusView) => MachineStatusView,
) {
  queryClient.setQueryData<MachineStatusView>(machineKeys.statusView(id), (view) =>
    view ? change(view) : view,
  );
}

/** At most one such refetch per machine in this time (cuts arrive every few seconds). */
const JOB_REFRESH_MS = 10_000;
const jobRefreshedAt = new Map<string, number>();
function refreshCurrentJob(queryClient: QueryClient, id: string) {
  const now = Date.now();
  if (now - (jobRefreshedAt.get(id) ?? 0) < JOB_REFRESH_MS) return;
  jobRefreshedAt.set(id, now);
  void queryClient.invalidateQueries({ queryKey: machineKeys.statusView(id), exact: true });
}

/** The urgency of the knife after some cuts, by the interval it has (the server's rule, spec §3). */
function urgencyAfter(
  knife: NonNullable<MachineStatusView['knife']>,
  cutsSinceGrinding: number,
): KnifeSwapUrgency {
  return knifeSwapUrgency(cutsSinceGrinding, knife.knifeSwapInterval);
}

/**
 * Keeps the cached status views of these machines current from the live socket: status, online
 * state, the cut counter and the knife's cuts and urgency. `onCut` hears how many cuts a machine
 * gained, counted from the totals (a replayed event adds nothing), for other counters on screen.
 */
export function useMachineStatusLive(
  machineIds: readonly string[],
  options: { onCut?: (machineId: string, added: number, at: string) => void } = {},
) {
  const queryClient = useQueryClient();
  useLiveEvent('MACHINE_STATUS', machineIds, (data) => {
    const before = queryClient.getQueryData<MachineStatusView>(machineKeys.statusView(data.machineId));
    update(queryClient, data.machineId, (view) => ({
      ...view,
      status: data.status,
      statusSince: data.since,
    }));
    // Orders open and close without a live event of their own: a machine with a status change
    // and no known order is asked again for its current order.
    if (before && !before.currentJob) refreshCurrentJob(queryClient, data.machineId);
  });
  useLiveEvent('MACHINE_ONLINE_STATUS', machineIds, (data) =>
    update(queryClient, data.machineId, (view) => ({
      ...view,
      onlineStatus: data.onlineStatus,
      lastSeenAt: data.lastSeenAt,
    })),
  );
  useLiveEvent('OPERATOR_MACHINE_USE', machineIds, (data) =>
    update(queryClient, data.machineId, (view) => ({
      ...view,
      operator:
        data.operatorId && data.operatorName ? { id: data.operatorId, displayName: data.operatorName } : null,
    })),
  );
  useLiveEvent('MACHINE_CUT', machineIds, (data) => {
    const before = queryClient.getQueryData<MachineStatusView>(machineKeys.statusView(data.machineId));
    if (!before) {
      // The first read is still on its way and may have been taken before these cuts: read again.
      void queryClient.invalidateQueries({ queryKey: machineKeys.statusView(data.machineId), exact: true });
      return;
    }
    const added = data.totalCuts - before.totalCuts;
    if (added <= 0) return;
    if (!before.currentJob) refreshCurrentJob(queryClient, data.machineId);
    update(queryClient, data.machineId, (view) => {
      let knife = view.knife;
      if (data.knifeRfid && knife?.rfid !== data.knifeRfid) {
        // another knife went in: its interval is read with the next status view
        void queryClient.invalidateQueries({ queryKey: machineKeys.statusView(data.machineId), exact: true });
      } else if (knife && data.knifeCutsSinceGrinding !== null) {
        knife = {
          ...knife,
          cutsSinceLastGrinding: data.knifeCutsSinceGrinding,
          totalCuts: knife.totalCuts + added,
          swapUrgency: urgencyAfter(knife, data.knifeCutsSinceGrinding),
        };
      }
      // cuts go to the machine's current job (telemetry books them there)
      const currentJob = view.currentJob ? { ...view.currentJob, cuts: view.currentJob.cuts + added } : null;
      return { ...view, totalCuts: data.totalCuts, lastCutAt: data.lastCutAt, knife, currentJob };
    });
    options.onCut?.(data.machineId, added, data.lastCutAt);
  });
}
