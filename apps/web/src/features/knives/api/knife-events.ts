import { listKnifeEvents } from '@kerf/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { knifeKeys } from './keys';

/** A page (0-based) of the knife's history, newest first. */
export function useKnifeEvents(rfid: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...knifeKeys.events(rfid, page), pageSize],
    queryFn: ({ signal }) =>
      api(listKnifeEvents, { params: { rfid }, query: { page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
