import { listPrintingShopEmployees } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

export function useLocationEmployees(id: string) {
  return useQuery({
    queryKey: locationKeys.employees(id),
    queryFn: ({ signal }) => api(listPrintingShopEmployees, { params: { id }, signal }),
  });
}
