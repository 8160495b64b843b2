import type { NetworkAdminSchema } from '@kerf/contracts';
import { getNetworkAdmin, setNetworkAdmin } from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

const key = ['network-admin'] as const;

export function useNetworkAdmin() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api(getNetworkAdmin, { signal }) });
}

export function useSetNetworkAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof NetworkAdminSchema>) => api(setNetworkAdmin, { body }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
