import { listSystemJobs, runSystemJob } from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { systemKeys } from './keys';

export function useSystemJobs() {
  return useQuery({
    queryKey: systemKeys.jobs(),
    queryFn: ({ signal }) => api(listSystemJobs, { signal }),
    refetchInterval: 10_000,
  });
}

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api(runSystemJob, { params: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.jobs() }),
  });
}
