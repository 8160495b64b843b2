import { getWorksCouncilSetting, setWorksCouncilSetting, type WorksCouncilMode } from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { integrationKeys } from './keys';

export function useWorksCouncilSetting() {
  return useQuery({
    queryKey: integrationKeys.worksCouncil(),
    queryFn: ({ signal }) => api(getWorksCouncilSetting, { signal }),
  });
}

export function useSetWorksCouncil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { enabled: boolean; mode?: WorksCouncilMode }) =>
      api(setWorksCouncilSetting, { body }),
    onSuccess: (data) => {
      queryClient.setQueryData(integrationKeys.worksCouncil(), data);
      // every report shows names differently from now on
      return queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}
