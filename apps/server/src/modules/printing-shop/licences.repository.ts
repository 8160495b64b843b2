import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { machineLicences } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export async function findLicence(tx: Tx, serialNumber: string) {
  const [row] = await tx
    .select()
    .from(machineLicences)
    .where(and(eq(machineLicences.serialNumber, serialNumber), isNull(machineLicences.cancelledAt)));
  return row ?? null;
}

export async function listLicences(tx: Tx) {
  return tx.select().from(machineLicences).where(isNull(machineLicences.cancelledAt));
}

/** Serial numbers of valid licences that no machine (not deleted) uses. */
export async function listUnusedLicenceSerials(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ serialNumber: machineLicences.serialNumber })
    .from(machineLicences)
    .where(
      and(
        isNull(machineLicences.cancelledAt),
        sql`NOT EXISTS (SELECT 1 FROM cutting_machines m WHERE m.tenant_id = "machine_licences"."tenant_id"
          AND m.serial_number = "machine_licences"."serial_number" AND m.deleted_at IS NULL)`,
      ),
    )
    .orderBy(asc(machineLicences.serialNumber));
  return rows.map((row) => row.serialNumber);
}

export async function insertLicence(tx: Tx, tenantId: string, serialNumber: string, licensedAt: Date) {
  await tx.insert(machineLicences).values({ tenantId, serialNumber, licensedAt }).onConflictDoNothing();
}
