import type { ReportRangeQuery } from '@kerf/contracts';
import type { Period } from '../../../lib/format';

/** What the reporting page's filter bar chose: a period, locations (none = all) and a search. */
export interface ReportFilter {
  period: Period;
  timeZone: string;
  locations: string[];
  search: string;
}

/** The query every range report takes for a filter. */
export function rangeQuery(filter: ReportFilter): ReportRangeQuery {
  const search = filter.search.trim();
  return {
    startDate: filter.period.startDate,
    endDate: filter.period.endDate,
    timeZone: filter.timeZone,
    ...(filter.locations.length > 0 ? { locations: filter.locations } : {}),
    ...(search ? { search } : {}),
  };
}
