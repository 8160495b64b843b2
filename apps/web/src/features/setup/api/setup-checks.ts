import {
  getSetupCheck,
  getSiteManager,
  getSystemInfo,
  listSetupChecks,
  type SetupCheckRun,
  setSiteManager,
  startSetupChecks,
} from '@kerf/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useLiveEvent } from '../../../lib/live';

const setupKeys = {
  all: ['setup'] as const,
  runs: (machineId: string) => [...setupKeys.all, 'runs', machineId] as const,
  run: (machineId: string, runId: string) => [...setupKeys.all, 'run', machineId, runId] as const,
  system: () => [...setupKeys.all, 'system'] as const,
  siteManager: () => [...setupKeys.all, 'site-manager'] as const,
};

/** While a run waits for the site manager, read again this often in case the live socket is down. */
const RUNNING_REFRESH_MS = 5000;

export function useSetupRuns(machineId: string | null) {
  return useQuery({
    queryKey: setupKeys.runs(machineId ?? ''),
    queryFn: ({ signal }) => api(listSetupChecks, { params: { id: machineId! }, signal }),
    enabled: machineId !== null,
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.state === 'RUNNING') ? RUNNING_REFRESH_MS : false,
  });
}

export function useSetupRun(machineId: string, runId: string) {
  return useQuery({
    queryKey: setupKeys.run(machineId, runId),
    queryFn: ({ signal }) => api(getSetupCheck, { params: { id: machineId, runId }, signal }),
  });
}

/**
 * A run never goes back to running: a site manager on the same network answers before the POST
 * that started the run has returned, and the start's RUNNING answer must not overwrite the finished
 * run the live event already brought (it would show "Running" until the next read).
 */
const newer = (stored: SetupCheckRun | undefined, run: SetupCheckRun) =>
  stored && stored.state !== 'RUNNING' && run.state === 'RUNNING' ? stored : run;

function storeRun(queryClient: QueryClient, run: SetupCheckRun) {
  queryClient.setQueryData<SetupCheckRun[]>(setupKeys.runs(run.machineId), (runs) => {
    if (!runs) return [run];
    const kept = newer(
      runs.find((r) => r.id === run.id),
      run,
    );
    const others = runs.filter((r) => r.id !== run.id);
    return [kept, ...others].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  });
  queryClient.setQueryData<SetupCheckRun>(setupKeys.run(run.machineId, run.id), (stored) =>
    newer(stored, run),
  );
}

export function useStartSetupChecks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (machineId: string) => api(startSetupChecks, { params: { id: machineId } }),
    onSuccess: (run) => {
      storeRun(queryClient, run);
      // the machine's network setup state moves when the run ends
      void queryClient.invalidateQueries({ queryKey: ['machines'] });
    },
  });
}

/** Runs of the machine change live as the site manager reports (MACHINE_SETUP_CHECK). */
export function useSetupRunsLive(machineId: string | null) {
  const queryClient = useQueryClient();
  useLiveEvent(
    'MACHINE_SETUP_CHECK',
    machineId ? [machineId] : [],
    (run) => {
      storeRun(queryClient, run);
      if (run.state !== 'RUNNING') void queryClient.invalidateQueries({ queryKey: ['machines'] });
    },
    { replayLastEvent: false },
  );
}

export function useSystemInfo() {
  return useQuery({
    queryKey: setupKeys.system(),
    queryFn: ({ signal }) => api(getSystemInfo, { signal }),
  });
}

export function useSiteManager() {
  return useQuery({
    queryKey: setupKeys.siteManager(),
    queryFn: ({ signal }) => api(getSiteManager, { signal }),
  });
}

export function useSaveSiteManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serialNumber: string | null) => api(setSiteManager, { body: { serialNumber } }),
    onSuccess: (saved) => queryClient.setQueryData(setupKeys.siteManager(), saved),
  });
}
