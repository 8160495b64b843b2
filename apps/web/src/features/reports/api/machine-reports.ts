import {
  getMachineAverageUptime,
  getMachineTotalUptime,
  getMachineUptimeLast24h,
  getMachineUsedKnivesCount,
  type ReportRangeQuery,
} from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { browserTimeZone } from '../../../lib/format';
import { reportKeys } from './keys';
import { REPORT_REFRESH_MS, useReport } from './report-query';

export const useMachineAverageUptime = (query: ReportRangeQuery, enabled = true) =>
  useReport('average-uptime', query, (signal) => api(getMachineAverageUptime, { query, signal }), enabled);

export const useMachineTotalUptime = (query: ReportRangeQuery, enabled = true) =>
  useReport('total-uptime', query, (signal) => api(getMachineTotalUptime, { query, signal }), enabled);

export const useMachineUsedKnives = (query: ReportRangeQuery, enabled = true) =>
  useReport(
    'used-knives-count',
    query,
    (signal) => api(getMachineUsedKnivesCount, { query, signal }),
    enabled,
  );

/**
 * Status timeline and cuts per hour of the last 24 hours for these machines (machine details, the
 * manager's start page), in the browser's time zone. It reads again every few minutes as the window
 * moves on; the live counters on those screens come from the machine's view, not from this report.
 */
export function useUptimeLast24h(machineIds: readonly string[]) {
  const ids = [...new Set(machineIds)].sort();
  const query = { timeZone: browserTimeZone(), machineIds: ids };
  return useQuery({
    queryKey: reportKeys.uptimeLast24h(query),
    queryFn: ({ signal }) => api(getMachineUptimeLast24h, { query, signal }),
    enabled: ids.length > 0,
    refetchInterval: REPORT_REFRESH_MS,
  });
}
