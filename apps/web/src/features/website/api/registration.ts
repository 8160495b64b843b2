import { isTenantIdAvailable, type RegistrationRequest, register } from '@kerf/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { websiteKeys } from './keys';

/** Whether a tenant ID is still free, asked while it is typed (`enabled` once it is well formed). */
export function useTenantIdAvailability(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: websiteKeys.tenantId(id),
    queryFn: () => api(isTenantIdAvailable, { params: { id } }),
    enabled,
    staleTime: 10_000,
  });
}

/** Registers a printing shop (the last step of the registration). */
export function useRegisterShop() {
  return useMutation({ mutationFn: (body: RegistrationRequest) => api(register, { body }) });
}
