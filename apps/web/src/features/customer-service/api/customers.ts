import { getCustomerUserView, listCustomers, searchView } from '@kerf/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerServiceKeys } from './keys';
import { SERVICE_REFRESH_MS } from './machines';

/** The customers the signed-in service user looks after (their service areas). */
export function useCustomers() {
  return useQuery({
    queryKey: customerServiceKeys.customers(),
    queryFn: ({ signal }) => api(listCustomers, { query: {}, signal }),
    // the count of machines online follows them
    refetchInterval: SERVICE_REFRESH_MS,
  });
}

export function useCustomerDetails(id: string) {
  return useQuery({
    queryKey: customerServiceKeys.customer(id),
    queryFn: ({ signal }) => api(getCustomerUserView, { params: { shopId: id }, signal }),
    refetchInterval: SERVICE_REFRESH_MS,
  });
}

/** Autocomplete over customers, machines and serial numbers; from two characters on. */
export function useServiceSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: customerServiceKeys.search(trimmed),
    queryFn: ({ signal }) => api(searchView, { query: { search: trimmed }, signal }),
    enabled: trimmed.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
