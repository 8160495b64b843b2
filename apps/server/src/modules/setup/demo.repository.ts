import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/* The reads of the module's demo seed. */

/** The tenant's machines, by serial number. */
export async function findDemoMachines(tx: Tx): Promise<{ id: string; serial: string }[]> {
  return queryRows<{ id: string; serial: string }>(
    tx,
    sql`SELECT id, serial_number AS serial FROM cutting_machines WHERE deleted_at IS NULL ORDER BY serial_number`,
  );
}
