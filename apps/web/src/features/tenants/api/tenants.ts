import { listTenants as listTenantsRoute, MAX_PAGE_SIZE } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { tenantKeys } from './keys';

export function listTenants(page: number, pageSize: number, signal?: AbortSignal) {
  return api(listTenantsRoute, { query: { page, page_size: pageSize }, signal });
}

/** Every tenant the caller may see, in one page (a platform has hundreds, not millions). */
export function useAllTenants() {
  return useQuery({
    queryKey: tenantKeys.list(0, MAX_PAGE_SIZE),
    queryFn: ({ signal }) => listTenants(0, MAX_PAGE_SIZE, signal),
  });
}
