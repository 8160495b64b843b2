import { listPrintingShops, type RouteInput } from '@kerf/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

export type LocationListQuery = NonNullable<RouteInput<typeof listPrintingShops>['query']>;

/** One page of locations, sorted and searched by the server. */
export function useLocations(query: LocationListQuery) {
  return useQuery({
    queryKey: locationKeys.list(query),
    queryFn: ({ signal }) => api(listPrintingShops, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
