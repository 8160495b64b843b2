import { deleteGrindingShop, deletePrintingShop } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ShopKind } from '../shop-kind';
import { locationKeys } from './keys';

export function useDeleteLocation(kind: ShopKind = 'printing-shop') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      kind === 'grinding-shop'
        ? api(deleteGrindingShop, { params: { id } })
        : api(deletePrintingShop, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.lists() }),
  });
}
