import { listKnivesMinimal } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { knifeKeys } from './keys';

/** RFID, article number and class of every knife (page 0 of 1000, product.md §9), for pickers. */
export function useMinimalKnives() {
  return useQuery({
    queryKey: knifeKeys.minimal(),
    queryFn: ({ signal }) => api(listKnivesMinimal, { query: { page: 0, page_size: 1000 }, signal }),
  });
}
