import { deleteUser } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteUser, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
