import { type CreateApiKeyRequest, createApiKey, listApiKeys, revokeApiKey } from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { integrationKeys } from './keys';

export function useApiKeys() {
  return useQuery({
    queryKey: integrationKeys.apiKeys(),
    queryFn: ({ signal }) => api(listApiKeys, { signal }),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) => api(createApiKey, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(revokeApiKey, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}
