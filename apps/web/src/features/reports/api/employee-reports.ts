import {
  getEmployeeCutsChart,
  getEmployeeCutsPerHourChart,
  getEmployeeTimesChart,
  getEmployeeTotalTimes,
  type ReportRangeQuery,
} from '@kerf/contracts';
import { api } from '../../../lib/api';
import { useReport } from './report-query';

export const useEmployeeCuts = (query: ReportRangeQuery) =>
  useReport('employee-cuts', query, (signal) => api(getEmployeeCutsChart, { query, signal }));

export const useEmployeeCutsPerHour = (query: ReportRangeQuery) =>
  useReport('employee-cuts-per-hour', query, (signal) => api(getEmployeeCutsPerHourChart, { query, signal }));

export const useEmployeeTimes = (query: ReportRangeQuery) =>
  useReport('employee-times', query, (signal) => api(getEmployeeTimesChart, { query, signal }));

export const useEmployeeTotalTimes = (query: ReportRangeQuery) =>
  useReport('employee-total-times', query, (signal) => api(getEmployeeTotalTimes, { query, signal }));
