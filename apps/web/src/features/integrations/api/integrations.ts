import {
  type CreateApiKeyRequest,
  type CreateWebhookRequest,
  createApiKey,
  createTeam,
  createWebhook,
  deleteTeam,
  deleteWebhook,
  getWorksCouncilSetting,
  importOrdersCsv,
  listApiKeys,
  listEmployees,
  listTeams,
  listWebhookDeliveries,
  listWebhooks,
  revokeApiKey,
  setTeamMembers,
  setWorksCouncilSetting,
  updateTeam,
  type WorksCouncilMode,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const integrationKeys = {
  apiKeys: () => ['integrations', 'api-keys'] as const,
  webhooks: () => ['integrations', 'webhooks'] as const,
  deliveries: (id: string) => ['integrations', 'webhooks', id, 'deliveries'] as const,
};

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

const worksCouncilKey = ['works-council-mode'] as const;

export function useWorksCouncilSetting() {
  return useQuery({
    queryKey: worksCouncilKey,
    queryFn: ({ signal }) => api(getWorksCouncilSetting, { signal }),
  });
}

export function useSetWorksCouncil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { enabled: boolean; mode?: WorksCouncilMode }) =>
      api(setWorksCouncilSetting, { body }),
    onSuccess: (data) => {
      queryClient.setQueryData(worksCouncilKey, data);
      // every report shows names differently from now on
      return queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}

/** Import of planned orders from an ERP CSV file (all or nothing). */
export function useImportOrdersCsv() {
  return useMutation({
    mutationFn: (csv: string) => api(importOrdersCsv, { body: { csv } }),
  });
}

const teamsKey = ['teams'] as const;

export function useTeams() {
  return useQuery({ queryKey: teamsKey, queryFn: ({ signal }) => api(listTeams, { signal }) });
}

/** The shop's employees, to put into teams. */
export function useTeamCandidates() {
  return useQuery({
    queryKey: ['teams', 'employees'],
    queryFn: ({ signal }) => api(listEmployees, { query: { page: 0, page_size: 1000 }, signal }),
    select: (page) => page.items,
  });
}

export function useTeamMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: teamsKey });
  return {
    create: useMutation({ mutationFn: (name: string) => api(createTeam, { body: { name } }), onSuccess }),
    rename: useMutation({
      mutationFn: (input: { id: string; name: string }) =>
        api(updateTeam, { params: { id: input.id }, body: { name: input.name } }),
      onSuccess,
    }),
    members: useMutation({
      mutationFn: (input: { id: string; userIds: string[] }) =>
        api(setTeamMembers, { params: { id: input.id }, body: { userIds: input.userIds } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api(deleteTeam, { params: { id } }), onSuccess }),
  };
}
