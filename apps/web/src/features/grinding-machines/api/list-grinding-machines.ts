import { listGrindingShopMachines } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { grindingMachineKeys } from './keys';

/** The grinding machines of one location of the grinding shop. */
export function useGrindingMachines(locationId: string) {
  return useQuery({
    queryKey: grindingMachineKeys.atLocation(locationId),
    queryFn: ({ signal }) => api(listGrindingShopMachines, { params: { id: locationId }, signal }),
  });
}
