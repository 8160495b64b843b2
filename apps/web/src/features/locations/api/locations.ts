import {
  createGrindingShop,
  createPrintingShop,
  deleteGrindingShop,
  deletePrintingShop,
  type GrindingShop,
  getPrintingShop,
  type LocationInput,
  listAssignedPrintingShops,
  listGrindingShops,
  listPrintingShopEmployees,
  listPrintingShopMachines,
  listPrintingShops,
  listPrintingShopsMinimal,
  type PrintingShop,
  type RouteInput,
  updateGrindingShop,
  updatePrintingShop,
} from '@kerf/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ShopKind } from '../shop-kind';
import { locationKeys } from './keys';

export type LocationListQuery = NonNullable<RouteInput<typeof listPrintingShops>['query']>;

/** One page of locations, sorted and searched by the server. */
export function useLocations(query: LocationListQuery) {
  return useQuery({
    queryKey: locationKeys.list(query),
    queryFn: ({ signal }) => api(listPrintingShops, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Id and name of every location, for pickers. */
export function useMinimalLocations(kind: ShopKind = 'printing-shop') {
  return useQuery({
    queryKey: kind === 'grinding-shop' ? [...locationKeys.minimal(), kind] : locationKeys.minimal(),
    queryFn: async ({ signal }): Promise<{ id: string; name: string }[]> =>
      kind === 'grinding-shop'
        ? (await api(listGrindingShops, { query: { page_size: 1000 }, signal })).items.map(
            ({ id, name }) => ({
              id,
              name,
            }),
          )
        : (await api(listPrintingShopsMinimal, { signal })).items,
  });
}

export function useLocation(id: string) {
  return useQuery({
    queryKey: locationKeys.detail(id),
    queryFn: ({ signal }) => api(getPrintingShop, { params: { id }, signal }),
  });
}

/** Creates a location, or changes it when `id` is given; a grinding shop's has no knife swap interval. */
export function useSaveLocation(id?: string, kind: ShopKind = 'printing-shop') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationInput): Promise<PrintingShop | GrindingShop> => {
      if (kind === 'grinding-shop') {
        const { knifeSwapInterval: _interval, ...address } = body;
        return id
          ? api(updateGrindingShop, { params: { id }, body: address })
          : api(createGrindingShop, { body: address });
      }
      return id ? api(updatePrintingShop, { params: { id }, body }) : api(createPrintingShop, { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

export function useDeleteLocation(kind: ShopKind = 'printing-shop') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      kind === 'grinding-shop'
        ? api(deleteGrindingShop, { params: { id } })
        : api(deletePrintingShop, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.lists() }),
  });
}

export function useLocationEmployees(id: string) {
  return useQuery({
    queryKey: locationKeys.employees(id),
    queryFn: ({ signal }) => api(listPrintingShopEmployees, { params: { id }, signal }),
  });
}

export function useLocationMachines(id: string) {
  return useQuery({
    queryKey: locationKeys.machines(id),
    queryFn: ({ signal }) => api(listPrintingShopMachines, { params: { id }, signal }),
  });
}

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
