import {
  type CreateTenant,
  createSystemTenant,
  listSystemTenants,
  setSystemTenantActive,
} from '@kerf/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type PageQuery, systemKeys } from './keys';

export function useSystemTenants(query: PageQuery & { active?: 'true' | 'false' }) {
  return useQuery({
    queryKey: systemKeys.tenants(query),
    queryFn: ({ signal }) => api(listSystemTenants, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTenant) => api(createSystemTenant, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}

/** Disables or re-enables a tenant: its users are signed out at once, its machines disconnected. */
export function useSetTenantActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api(setSystemTenantActive, { params: { id }, body: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}
