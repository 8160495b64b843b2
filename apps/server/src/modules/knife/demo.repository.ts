import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/* The reads of the module's demo seed. */

/** The tenant's machines with their locations (where the demo knives are scanned). */
export async function findDemoMachines(
  tx: Tx,
): Promise<{ id: string; serialNumber: string; locationId: string | null }[]> {
  return queryRows<{ id: string; serialNumber: string; locationId: string | null }>(
    tx,
    sql`SELECT id, serial_number AS "serialNumber", location_id AS "locationId" FROM cutting_machines
        WHERE deleted_at IS NULL`,
  );
}
