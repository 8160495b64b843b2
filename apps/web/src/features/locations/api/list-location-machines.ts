import { listPrintingShopMachines } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

export function useLocationMachines(id: string) {
  return useQuery({
    queryKey: locationKeys.machines(id),
    queryFn: ({ signal }) => api(listPrintingShopMachines, { params: { id }, signal }),
  });
}
