import {
  type CreateWebhookRequest,
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { integrationKeys } from './keys';

export function useWebhooks() {
  return useQuery({
    queryKey: integrationKeys.webhooks(),
    queryFn: ({ signal }) => api(listWebhooks, { signal }),
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => api(createWebhook, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteWebhook, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks() }),
  });
}

/** The delivery log of one endpoint, refreshed while it is open (retries move on their own). */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    queryKey: integrationKeys.deliveries(id ?? ''),
    queryFn: ({ signal }) =>
      api(listWebhookDeliveries, { params: { id: id! }, query: { limit: 50 }, signal }),
    enabled: id !== null,
    refetchInterval: 15_000,
  });
}
