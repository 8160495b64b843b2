import type { Currency } from '@kerf/contracts';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
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
        isNotNull(machineLicences.serialNumber),
        sql`NOT EXISTS (SELECT 1 FROM cutting_machines m WHERE m.tenant_id = "machine_licences"."tenant_id"
          AND m.serial_number = "machine_licences"."serial_number" AND m.deleted_at IS NULL)`,
      ),
    )
    .orderBy(asc(machineLicences.serialNumber));
  return rows.map((row) => row.serialNumber!);
}

export async function insertLicence(tx: Tx, tenantId: string, serialNumber: string, licensedAt: Date) {
  await tx.insert(machineLicences).values({ tenantId, serialNumber, licensedAt }).onConflictDoNothing();
}

/**
 * A licence ordered (and invoiced) with a machine that is not installed yet: no serial number until
 * the installed machine takes it (`claimOrderedLicence`). `licensedAt` is the order date.
 */
export async function insertOrderedLicence(
  tx: Tx,
  tenantId: string,
  values: { manufacturer: string; model: string; invoiceNumber: string; orderedAt: Date },
) {
  await tx.insert(machineLicences).values({
    tenantId,
    serialNumber: null,
    manufacturer: values.manufacturer,
    model: values.model,
    invoiceNumber: values.invoiceNumber,
    licensedAt: values.orderedAt,
  });
}

/** Ordered licences still waiting for their machine, oldest order first. */
export async function listOrderedLicences(tx: Tx) {
  return (
    tx
      .select({
        id: machineLicences.id,
        manufacturer: machineLicences.manufacturer,
        model: machineLicences.model,
        invoiceNumber: machineLicences.invoiceNumber,
        orderedAt: machineLicences.licensedAt,
      })
      .from(machineLicences)
      .where(and(isNull(machineLicences.serialNumber), isNull(machineLicences.cancelledAt)))
      // one order's licences share their date: by make and model then, so the list reads the same each time
      .orderBy(
        asc(machineLicences.licensedAt),
        asc(machineLicences.manufacturer),
        asc(machineLicences.model),
        asc(machineLicences.id),
      )
  );
}

/**
 * Gives one ordered licence (the oldest, or the one named) to the installed machine with this serial
 * number. Two machines licensed at once never take the same one: the row is locked, and a request
 * that finds it locked takes the next or none (null).
 */
export async function claimOrderedLicence(tx: Tx, serialNumber: string, licenceId?: string) {
  const result = await tx.execute(sql`
    UPDATE machine_licences SET serial_number = ${serialNumber}, assigned_at = now()
    WHERE (tenant_id, id) = (
      SELECT tenant_id, id FROM machine_licences
      WHERE serial_number IS NULL AND cancelled_at IS NULL
        ${licenceId ? sql`AND id = ${licenceId}` : sql``}
      ORDER BY licensed_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING licensed_at`);
  const row = (result as unknown as { rows: { licensed_at: Date | string }[] }).rows[0];
  return row ? new Date(row.licensed_at) : null;
}

/** The invoicing currency the shop chose at registration (reads `registrations`, owned by registration). */
export async function findInvoicingCurrency(tx: Tx): Promise<Currency> {
  const result = await tx.execute(sql`SELECT currency FROM registrations ORDER BY created_at LIMIT 1`);
  const currency = (result as unknown as { rows: { currency: string }[] }).rows[0]?.currency;
  return currency === 'CHF' || currency === 'GBP' ? currency : 'EUR';
}
