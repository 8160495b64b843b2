import { listGrindingShops, listPrintingShopsMinimal } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ShopKind } from '../shop-kind';
import { locationKeys } from './keys';

/** Id and name of every location, for pickers. */
export function useMinimalLocations(kind: ShopKind = 'printing-shop') {
  return useQuery({
    queryKey: kind === 'grinding-shop' ? [...locationKeys.minimal(), kind] : locationKeys.minimal(),
    queryFn: async ({ signal }): Promise<{ id: string; name: string }[]> =>
      kind === 'grinding-shop'
        ? (await api(listGrindingShops, { query: { page_size: 1000 }, signal })).items.map(
            ({ id, name }) => ({
              id,
              name,
            }),
          )
        : (await api(listPrintingShopsMinimal, { signal })).items,
  });
}
