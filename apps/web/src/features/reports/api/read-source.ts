import { getReportReadSource } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reportKeys } from './keys';

/** Where reports read from (the primary or a streaming replica, with its delay), every 30 seconds. */
export function useReportReadSource() {
  return useQuery({
    queryKey: reportKeys.readSource(),
    queryFn: ({ signal }) => api(getReportReadSource, { signal }),
    refetchInterval: 30_000,
  });
}
