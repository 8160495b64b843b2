import {
  createGrindingShop,
  createPrintingShop,
  type GrindingShop,
  type LocationInput,
  type PrintingShop,
  updateGrindingShop,
  updatePrintingShop,
} from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ShopKind } from '../shop-kind';
import { locationKeys } from './keys';

/** Creates a location, or changes it when `id` is given; a grinding shop's has no knife swap interval. */
export function useSaveLocation(id?: string, kind: ShopKind = 'printing-shop') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationInput): Promise<PrintingShop | GrindingShop> => {
      if (kind === 'grinding-shop') {
        const { knifeSwapInterval: _interval, ...address } = body;
        return id
          ? api(updateGrindingShop, { params: { id }, body: address })
          : api(createGrindingShop, { body: address });
      }
      return id ? api(updatePrintingShop, { params: { id }, body }) : api(createPrintingShop, { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
