import { createGrindingMachine, type GrindingMachineInput, updateGrindingMachine } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Adds a grinding machine, or changes it when `id` is given; location counts change too. */
export function useSaveGrindingMachine(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrindingMachineInput) =>
      id ? api(updateGrindingMachine, { params: { id }, body }) : api(createGrindingMachine, { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
