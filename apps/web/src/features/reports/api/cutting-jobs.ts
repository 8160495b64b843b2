import { listCuttingJobsReport } from '@kerf/contracts';
import { api } from '../../../lib/api';
import { useReport } from './report-query';

/** The orders report's page size (spec: paged, 25 a page). */
export const CUTTING_JOBS_PAGE_SIZE = 25;

export interface CuttingJobsQuery {
  startDate: string;
  endDate: string;
  timeZone: string;
  locations?: string[];
  cuttingJobNameFilter?: string;
  /** zero-based */
  page: number;
  page_size: number;
}

export const useCuttingJobsReport = (query: CuttingJobsQuery, enabled = true) =>
  useReport('cutting-jobs', query, (signal) => api(listCuttingJobsReport, { query, signal }), enabled);
