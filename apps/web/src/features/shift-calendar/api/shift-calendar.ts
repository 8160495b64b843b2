import {
  getPlannedProductionTime,
  getShiftCalendar,
  replaceShiftCalendar,
  type ShiftCalendarInput,
} from '@kerf/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const shiftCalendarKeys = {
  all: ['shift-calendar'] as const,
  calendar: (locationId: string) => [...shiftCalendarKeys.all, locationId] as const,
  planned: (locationId: string, range: PlannedRange) =>
    [...shiftCalendarKeys.all, locationId, 'planned', range] as const,
};

/** Local dates of the location (both included); none: the current week where the location is. */
export interface PlannedRange {
  from?: string;
  to?: string;
}

/** A location's shift calendar: time zone, weekly shifts with breaks, holidays (issue 36). */
export function useShiftCalendar(locationId: string) {
  return useQuery({
    queryKey: shiftCalendarKeys.calendar(locationId),
    queryFn: ({ signal }) => api(getShiftCalendar, { params: { id: locationId }, signal }),
  });
}

/** Replaces the calendar as a whole; the planned time of the location is read again. */
export function useReplaceShiftCalendar(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShiftCalendarInput) => api(replaceShiftCalendar, { params: { id: locationId }, body }),
    onSuccess: (calendar) => {
      queryClient.setQueryData(shiftCalendarKeys.calendar(locationId), calendar);
      return queryClient.invalidateQueries({ queryKey: [...shiftCalendarKeys.all, locationId, 'planned'] });
    },
  });
}

/** Planned production time per machine of the location and local day. */
export function usePlannedProductionTime(locationId: string, range: PlannedRange) {
  return useQuery({
    queryKey: shiftCalendarKeys.planned(locationId, range),
    queryFn: ({ signal }) =>
      api(getPlannedProductionTime, { params: { id: locationId }, query: range, signal }),
    placeholderData: keepPreviousData,
  });
}
