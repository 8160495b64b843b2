import {
  getManufacturerFleet,
  grantManufacturerAccess,
  listManufacturerAccesses,
  listSupportAccesses,
  revokeManufacturerAccess,
} from '@kerf/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerServiceKeys } from './keys';

/** The manufacturer's machines at the customers who granted access, over the last `days`. */
export function useFleet(days: number) {
  return useQuery({
    queryKey: customerServiceKeys.fleet(days),
    queryFn: ({ signal }) => api(getManufacturerFleet, { query: { days }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Tenant admin: who from customer service or a manufacturer looked at what. */
export function useSupportAccesses(page: number, pageSize: number) {
  return useQuery({
    queryKey: customerServiceKeys.supportAccesses(page, pageSize),
    queryFn: ({ signal }) => api(listSupportAccesses, { query: { page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useManufacturerAccesses() {
  return useQuery({
    queryKey: customerServiceKeys.manufacturerAccesses(),
    queryFn: ({ signal }) => api(listManufacturerAccesses, { signal }),
  });
}

export function useSetManufacturerAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ manufacturerId, granted }: { manufacturerId: string; granted: boolean }) =>
      api(granted ? grantManufacturerAccess : revokeManufacturerAccess, { params: { manufacturerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerServiceKeys.manufacturerAccesses() }),
  });
}
