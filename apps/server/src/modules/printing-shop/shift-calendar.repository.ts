import type { Holiday, Shift } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/** A location's stored shift calendar: shifts by weekday and start, each with its breaks; holidays by date. */
export interface StoredCalendar {
  timeZone: string;
  shifts: Shift[];
  holidays: Holiday[];
  updatedAt: Date;
}

/** The stored calendar of a location, or null when it was never saved (RLS: of this tenant only). */
export async function findShiftCalendar(tx: Tx, locationId: string): Promise<StoredCalendar | null> {
  return (await findShiftCalendars(tx, [locationId])).get(locationId) ?? null;
}

/**
 * The stored calendars of the given locations, by location id; a location whose calendar was never
 * saved is not in the map (RLS: of this tenant only).
 */
export async function findShiftCalendars(
  tx: Tx,
  locationIds: readonly string[],
): Promise<Map<string, StoredCalendar>> {
  if (locationIds.length === 0) return new Map();
  const rows = await queryRows<{
    locationId: string;
    timeZone: string;
    shifts: Shift[];
    holidays: Holiday[];
    updatedAt: Date | string;
  }>(
    tx,
    sql`SELECT c.location_id AS "locationId", c.time_zone AS "timeZone", c.updated_at AS "updatedAt",
          coalesce((
            SELECT json_agg(json_build_object(
                     'weekday', s.weekday, 'name', s.name,
                     'start', to_char(s.start_time, 'HH24:MI'), 'end', to_char(s.end_time, 'HH24:MI'),
                     'breaks', coalesce((
                       SELECT json_agg(json_build_object('start', to_char(b.start_time, 'HH24:MI'), 'minutes', b.minutes)
                                       ORDER BY b.position)
                       FROM location_shift_breaks b
                       WHERE b.tenant_id = s.tenant_id AND b.location_id = s.location_id AND b.shift_position = s.position
                     ), '[]'::json))
                   ORDER BY s.position)
            FROM location_shifts s WHERE s.tenant_id = c.tenant_id AND s.location_id = c.location_id
          ), '[]'::json) AS shifts,
          coalesce((
            SELECT json_agg(json_build_object('date', to_char(h.day, 'YYYY-MM-DD'), 'name', h.name) ORDER BY h.day)
            FROM location_holidays h WHERE h.tenant_id = c.tenant_id AND h.location_id = c.location_id
          ), '[]'::json) AS holidays
        FROM location_calendars c
        WHERE c.location_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(locationIds)}::jsonb)::uuid)`,
  );
  return new Map(
    rows.map(({ locationId, ...row }) => [locationId, { ...row, updatedAt: new Date(row.updatedAt) }]),
  );
}

/**
 * Writes the calendar row of a location (its time zone, who saved it and when), creating it the first
 * time. A second replacement of the same calendar waits here for the first one's commit.
 */
export async function upsertShiftCalendar(
  tx: Tx,
  tenantId: string,
  locationId: string,
  values: { timeZone: string; updatedBy: string | null },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO location_calendars (tenant_id, location_id, time_zone, updated_by, updated_at)
    VALUES (${tenantId}, ${locationId}, ${values.timeZone}, ${values.updatedBy}, now())
    ON CONFLICT (tenant_id, location_id)
    DO UPDATE SET time_zone = EXCLUDED.time_zone, updated_by = EXCLUDED.updated_by, updated_at = now()`);
}

/** Removes the shifts (their breaks go with them) and the holidays of a location's calendar. */
export async function clearShiftCalendar(tx: Tx, locationId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM location_shifts WHERE location_id = ${locationId}`);
  await tx.execute(sql`DELETE FROM location_holidays WHERE location_id = ${locationId}`);
}

/** The shifts of a calendar in their order (position = index), then all their breaks, then the holidays. */
export async function insertShiftCalendarEntries(
  tx: Tx,
  tenantId: string,
  locationId: string,
  entries: { shifts: readonly Shift[]; holidays: readonly Holiday[] },
): Promise<void> {
  const { shifts, holidays } = entries;
  if (shifts.length > 0) {
    await tx.execute(sql`
      INSERT INTO location_shifts (tenant_id, location_id, position, weekday, name, start_time, end_time)
      VALUES ${sql.join(
        shifts.map(
          (shift, position) =>
            sql`(${tenantId}, ${locationId}, ${position}, ${shift.weekday}, ${shift.name}, ${shift.start}::time, ${shift.end}::time)`,
        ),
        sql`, `,
      )}`);
  }
  const breaks = shifts.flatMap((shift, shiftPosition) =>
    shift.breaks.map((pause, position) => ({ shiftPosition, position, ...pause })),
  );
  if (breaks.length > 0) {
    await tx.execute(sql`
      INSERT INTO location_shift_breaks (tenant_id, location_id, shift_position, position, start_time, minutes)
      VALUES ${sql.join(
        breaks.map(
          (pause) =>
            sql`(${tenantId}, ${locationId}, ${pause.shiftPosition}, ${pause.position}, ${pause.start}::time, ${pause.minutes})`,
        ),
        sql`, `,
      )}`);
  }
  if (holidays.length > 0) {
    await tx.execute(sql`
      INSERT INTO location_holidays (tenant_id, location_id, day, name)
      VALUES ${sql.join(
        holidays.map((holiday) => sql`(${tenantId}, ${locationId}, ${holiday.date}::date, ${holiday.name})`),
        sql`, `,
      )}`);
  }
}
