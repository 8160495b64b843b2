import {
  type GrindingShopListQuerySchema,
  getGrindingShop,
  listGrindingShopEmployees,
  listGrindingShops,
} from '@kerf/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

export type GrindingShopListQuery = z.input<typeof GrindingShopListQuerySchema>;

/** The grinding shop's locations (product.md §7 "Grinding-shop server"), one page. */
export function useGrindingShops(query: GrindingShopListQuery) {
  return useQuery({
    queryKey: locationKeys.list({ kind: 'grinding-shop', ...query }),
    queryFn: ({ signal }) => api(listGrindingShops, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGrindingShop(id: string) {
  return useQuery({
    queryKey: [...locationKeys.detail(id), 'grinding-shop'],
    queryFn: ({ signal }) => api(getGrindingShop, { params: { id }, signal }),
  });
}

export function useGrindingShopEmployees(id: string) {
  return useQuery({
    queryKey: [...locationKeys.employees(id), 'grinding-shop'],
    queryFn: ({ signal }) => api(listGrindingShopEmployees, { params: { id }, signal }),
  });
}
