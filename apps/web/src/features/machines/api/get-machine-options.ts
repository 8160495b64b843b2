import { getCuttingMachineOptions } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { machineKeys } from './keys';

export function useMachineOptions(id: string) {
  return useQuery({
    queryKey: machineKeys.options(id),
    queryFn: ({ signal }) => api(getCuttingMachineOptions, { params: { id }, signal }),
  });
}
