import { deletePrintingShop } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deletePrintingShop, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.lists() }),
  });
}
