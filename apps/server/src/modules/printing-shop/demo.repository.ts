import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/* The reads of the module's demo seed. */

/** The tenant's machines, by serial number. */
export async function findDemoMachines(tx: Tx): Promise<{ id: string; serialNumber: string }[]> {
  return queryRows<{ id: string; serialNumber: string }>(
    tx,
    sql`SELECT id, serial_number AS "serialNumber" FROM cutting_machines WHERE deleted_at IS NULL ORDER BY serial_number`,
  );
}

/** The tenant's locations, by name. */
export async function findDemoLocations(
  tx: Tx,
): Promise<{ id: string; name: string; country: string | null }[]> {
  return queryRows<{ id: string; name: string; country: string | null }>(
    tx,
    sql`SELECT id, name, country FROM locations ORDER BY name`,
  );
}

/** The tenant's users that are not deleted, with their roles. */
export async function findDemoEmployees(tx: Tx): Promise<{ id: string; role: string }[]> {
  return queryRows<{ id: string; role: string }>(
    tx,
    sql`SELECT id, role FROM users WHERE deleted_at IS NULL`,
  );
}
