import {
  listGrinderInbox,
  listKnives,
  listShipments,
  type ShipmentCreate,
  type ShipmentReturn,
  shipKnives,
  shipKnivesBack,
} from '@kerf/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logisticsKeys } from './keys';

export const SHIPMENTS_PAGE_SIZE = 10;

/** The printing shop's shipments, newest first (page counts from 0). */
export function useShipments(page: number) {
  return useQuery({
    queryKey: logisticsKeys.shipments(page),
    queryFn: ({ signal }) => api(listShipments, { query: { page, page_size: SHIPMENTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
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
