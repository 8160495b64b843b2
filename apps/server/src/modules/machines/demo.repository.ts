import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/* The reads of the module's demo seed. */

/** The first `count` machines of the tenant by serial number, with their locations. */
export async function findFirstMachines(
  tx: Tx,
  count: number,
): Promise<{ id: string; location_id: string | null }[]> {
  return queryRows<{ id: string; location_id: string | null }>(
    tx,
    sql`SELECT id, location_id FROM cutting_machines WHERE deleted_at IS NULL ORDER BY serial_number LIMIT ${count}`,
  );
}

/** The machine with this serial number (deleted or not), if any. */
export async function findMachineIdBySerial(tx: Tx, serialNumber: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM cutting_machines WHERE serial_number = ${serialNumber}`,
  );
  return row?.id;
}
