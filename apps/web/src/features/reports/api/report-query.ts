import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportKeys } from './keys';

/** How often an open report reads again on its own (a 24-hour report moves with the clock). */
export const REPORT_REFRESH_MS = 5 * 60_000;

/**
 * One report of the report server for a filter; the previous answer stays on screen while a new
 * filter loads, so the charts do not fall back to skeletons on every change.
 */
export function useReport<T>(
  name: string,
  query: unknown,
  read: (signal: AbortSignal) => Promise<T>,
  enabled = true,
) {
  return useQuery({
    queryKey: reportKeys.report(name, query),
    queryFn: ({ signal }) => read(signal),
    placeholderData: keepPreviousData,
    refetchInterval: REPORT_REFRESH_MS,
    enabled,
  });
}
