import { getIngestHealth } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { systemKeys } from './keys';

/** Ingest counters, read again every five seconds while the page is open. */
export function useIngestHealth() {
  return useQuery({
    queryKey: systemKeys.ingest(),
    queryFn: ({ signal }) => api(getIngestHealth, { signal }),
    refetchInterval: 5000,
  });
}
