import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/* The reads of the module's demo seed. */

/** The demo grinding shop's admin and grinder, with their roles. */
export async function findDemoUsers(tx: Tx): Promise<{ id: string; role: string }[]> {
  return queryRows<{ id: string; role: string }>(
    tx,
    sql`SELECT id, role FROM users WHERE deleted_at IS NULL AND username IN ('admin', 'grinder')`,
  );
}
