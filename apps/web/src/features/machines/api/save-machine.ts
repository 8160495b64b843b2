import { type CuttingMachineInput, createCuttingMachine, updateCuttingMachine } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Creates an installed machine, or changes it (with network settings and contact) when `id` is given. */
export function useSaveMachine(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CuttingMachineInput) =>
      id ? api(updateCuttingMachine, { params: { id }, body }) : api(createCuttingMachine, { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
