import {
  isKnifeAway,
  listGrinderInbox,
  listKnives,
  listShipments,
  receiveShipmentBack,
  type ShipmentCreate,
  type ShipmentReturn,
  shipKnives,
  shipKnivesBack,
} from '@kerf/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { KNIFE_AWAY_REFRESH_MS } from '../../knives';
import { logisticsKeys } from './keys';

export const SHIPMENTS_PAGE_SIZE = 10;

/** The printing shop's shipments, newest first (page counts from 0). */
export function useShipments(page: number) {
  return useQuery({
    queryKey: logisticsKeys.shipments(page),
    queryFn: ({ signal }) => api(listShipments, { query: { page, page_size: SHIPMENTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    // where each knife is now: read again while one of them is away
    refetchInterval: (query) =>
      query.state.data?.items.some((shipment) => shipment.knives.some((knife) => isKnifeAway(knife.state)))
        ? KNIFE_AWAY_REFRESH_MS
        : false,
    refetchOnWindowFocus: true,
  });
}

/** Knives in use, the ones that can be sent (at most a crate's worth is picked from them). */
export function useActiveKnives() {
  return useQuery({
    queryKey: logisticsKeys.activeKnives(),
    queryFn: ({ signal }) =>
      api(listKnives, {
        query: { states: 'ACTIVE', sort: 'CUTS_SINCE_LAST_GRINDING', page_size: 500 },
        signal,
      }),
  });
}

/** The grinding shop's knives on the way and on the bench. */
export function useInbox() {
  return useQuery({
    queryKey: logisticsKeys.inbox(),
    queryFn: ({ signal }) => api(listGrinderInbox, { signal }),
    // partners send knives at any time
    refetchInterval: KNIFE_AWAY_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

function useInvalidateAll() {
  const queryClient = useQueryClient();
  // Knife states change too: the knife pages read them.
  return () => queryClient.invalidateQueries();
}

export function useShipKnives() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: ShipmentCreate) => api(shipKnives, { body }),
    onSuccess: invalidate,
  });
}

export function useShipBack() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: ShipmentReturn) => api(shipKnivesBack, { body }),
    onSuccess: invalidate,
  });
}

/** The printing shop receives every knife of a shipment back that is still on its way. */
export function useReceiveShipmentBack() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => api(receiveShipmentBack, { params: { id } }),
    onSuccess: invalidate,
  });
}
