import { listSystemUsers, setSystemUserActive } from '@kerf/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type PageQuery, systemKeys } from './keys';

export function useSystemUsers(query: PageQuery & { tenant_id?: string }) {
  return useQuery({
    queryKey: systemKeys.users(query),
    queryFn: ({ signal }) => api(listSystemUsers, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetSystemUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api(setSystemUserActive, { params: { id }, body: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}
