import { deleteCuttingMachine } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useDeleteMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteCuttingMachine, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
