import { getIdealCutRate, type IdealCutRate, putIdealCutRate } from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { machineKeys } from './keys';

/** A machine's ideal cut rate (issue 36, OEE's performance): configured, or its best hour of the last 30 days. */
export function useIdealCutRate(machineId: string) {
  return useQuery({
    queryKey: machineKeys.idealCutRate(machineId),
    queryFn: ({ signal }) => api(getIdealCutRate, { params: { id: machineId }, signal }),
    retry: false,
  });
}

/** Sets the ideal cut rate; `null` goes back to the automatic one. The answer is the rate in use now. */
export function useSetIdealCutRate(machineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cutsPerHour: number | null) =>
      api(putIdealCutRate, { params: { id: machineId }, body: { cutsPerHour } }),
    onSuccess: (rate: IdealCutRate) => {
      queryClient.setQueryData(machineKeys.idealCutRate(machineId), rate);
      // the OEE report measures performance against it
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}
