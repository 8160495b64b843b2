import type { Tx } from '../../db/transactions';
import type { CalendarDefinition } from '../../lib/shift-calendar';
import { findShiftCalendars } from './shift-calendar.repository';

/**
 * The saved shift calendars of the given locations as the expansion (lib/shift-calendar.ts) reads
 * them, by location id, for other modules (the report module's OEE): a location whose calendar was
 * never saved is not in the map — nothing is planned there.
 */
export async function readShiftCalendars(
  tx: Tx,
  locationIds: readonly string[],
): Promise<Map<string, CalendarDefinition>> {
  const calendars = new Map<string, CalendarDefinition>();
  for (const [locationId, stored] of await findShiftCalendars(tx, locationIds))
    calendars.set(locationId, {
      timeZone: stored.timeZone,
      shifts: stored.shifts,
      holidays: stored.holidays,
    });
  return calendars;
}
