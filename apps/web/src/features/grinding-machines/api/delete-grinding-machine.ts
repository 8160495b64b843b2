import { deleteGrindingMachine } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useDeleteGrindingMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteGrindingMachine, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
