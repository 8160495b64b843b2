import {
  getMachineAverageUptime,
  getMachineTotalUptime,
  getMachineUptimeLast24h,
  getMachineUsedKnivesCount,
  type ReportRangeQuery,
} from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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

/** A report that follows live machines reads again at most this often. */
const REPORT_FOLLOW_MS = 30_000;

/**
 * Status timeline and cuts per hour of the last 24 hours for these machines (machine details, the
 * manager's start page), in the browser's time zone, as the report server counts them. It reads
 * again every few minutes as the window moves on, and — when `follows` changes (the revisions of
 * the machines' live views: a cut, a status) — once its last read is `REPORT_FOLLOW_MS` old, so the
 * 24 hours keep up with the live counters without the browser adding anything to the report.
 */
export function useUptimeLast24h(machineIds: readonly string[], { follows }: { follows?: string } = {}) {
  const ids = [...new Set(machineIds)].sort();
  const query = { timeZone: browserTimeZone(), machineIds: ids };
  const report = useQuery({
    queryKey: reportKeys.uptimeLast24h(query),
    queryFn: ({ signal }) => api(getMachineUptimeLast24h, { query, signal }),
    enabled: ids.length > 0,
    refetchInterval: REPORT_REFRESH_MS,
  });
  const seen = useRef(follows);
  const { dataUpdatedAt, refetch } = report;
  useEffect(() => {
    // the first views to arrive are what the report was read with
    if (!seen.current) seen.current = follows;
    if (follows === seen.current || !dataUpdatedAt) return;
    const wait = Math.max(0, dataUpdatedAt + REPORT_FOLLOW_MS - Date.now());
    const timer = setTimeout(() => {
      seen.current = follows;
      void refetch();
    }, wait);
    return () => clearTimeout(timer);
  }, [follows, dataUpdatedAt, refetch]);
  return report;
}
