import { listPrintingShopsMinimal } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

/** Id and name of every location, for pickers. */
export function useMinimalLocations() {
  return useQuery({
    queryKey: locationKeys.minimal(),
    queryFn: ({ signal }) => api(listPrintingShopsMinimal, { signal }),
    select: (page) => page.items,
  });
}
