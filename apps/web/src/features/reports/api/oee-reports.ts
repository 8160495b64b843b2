import { getOeeReport, type ReportRangeQuery } from '@kerf/contracts';
import { api } from '../../../lib/api';
import { useReport } from './report-query';

/** OEE and its six big losses per machine, location, shift and local date, against the shift calendars (issue 36). */
export const useOeeReport = (query: ReportRangeQuery) =>
  useReport('oee', query, (signal) => api(getOeeReport, { query, signal }));
