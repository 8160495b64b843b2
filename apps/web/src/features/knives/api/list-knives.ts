import { type KnifeListQuery, listKnives } from '@kerf/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshWhileAway } from './get-knife';
import { knifeKeys } from './keys';

/** One page of the knife list as the server pages, filters and sorts it. */
export function useKnives(query: KnifeListQuery) {
  return useQuery({
    queryKey: knifeKeys.list(query),
    queryFn: ({ signal }) => api(listKnives, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshWhileAway(query.state.data?.items),
    refetchOnWindowFocus: true,
  });
}
