import { getKnifeCutsTotal, getKnifeCycles, type ReportRangeQuery } from '@kerf/contracts';
import { api } from '../../../lib/api';
import { useReport } from './report-query';

export const useKnifeCutsTotal = (query: ReportRangeQuery) =>
  useReport('knife-cuts-total', query, (signal) => api(getKnifeCutsTotal, { query, signal }));

export const useKnifeCycles = (query: ReportRangeQuery) =>
  useReport('knife-cycles', query, (signal) => api(getKnifeCycles, { query, signal }));
