import { listAssignedPrintingShops, listPrintingShopMachines } from '@kerf/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

/** The locations the signed-in user is assigned to (a manager's own sites). */
export function useAssignedLocations() {
  return useQuery({
    queryKey: [...locationKeys.all, 'assigned-self'] as const,
    queryFn: ({ signal }) => api(listAssignedPrintingShops, { signal }),
  });
}

/** The machines of several locations, read per location (the same cache entries as one location's). */
export function useMachinesOfLocations(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: locationKeys.machines(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(listPrintingShopMachines, { params: { id }, signal }),
    })),
    combine: (results) => ({
      machines: results.flatMap((result) => result.data ?? []),
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => results.forEach((result) => void result.refetch()),
    }),
  });
}
