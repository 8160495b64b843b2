import { getPrintingShop, getPrintingShopOptions } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

export function useLocation(id: string) {
  return useQuery({
    queryKey: locationKeys.detail(id),
    queryFn: ({ signal }) => api(getPrintingShop, { params: { id }, signal }),
  });
}

export function useLocationOptions(id: string) {
  return useQuery({
    queryKey: locationKeys.options(id),
    queryFn: ({ signal }) => api(getPrintingShopOptions, { params: { id }, signal }),
  });
}
