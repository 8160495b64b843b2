import {
  createGrindingMachine,
  deleteGrindingMachine,
  type GrindingMachineInput,
  listGrindingShopMachines,
  updateGrindingMachine,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { grindingMachineKeys } from './keys';

/** The grinding machines of one location of the grinding shop. */
export function useGrindingMachines(locationId: string) {
  return useQuery({
    queryKey: grindingMachineKeys.atLocation(locationId),
    queryFn: ({ signal }) => api(listGrindingShopMachines, { params: { id: locationId }, signal }),
  });
}

/** Adds a grinding machine, or changes it when `id` is given; location counts change too. */
export function useSaveGrindingMachine(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrindingMachineInput) =>
      id ? api(updateGrindingMachine, { params: { id }, body }) : api(createGrindingMachine, { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteGrindingMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteGrindingMachine, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
