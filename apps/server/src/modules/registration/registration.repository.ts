import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  type AddressValue,
  contactRequests,
  invoices,
  type MachineOrderValue,
  registrations,
  registrationTokens,
} from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export type RegistrationRow = typeof registrations.$inferSelect;

export interface RegistrationValues {
  salutation: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  address: AddressValue;
  deliveryAddress: AddressValue | null;
  taxNumber: string | null;
  vatNumber: string | null;
  currency: string;
  language: string | null;
  machines: MachineOrderValue[];
  termsVersion: string;
  termsAcceptedAt: Date;
}

export async function insertRegistration(tx: Tx, tenantId: string, values: RegistrationValues) {
  const [row] = await tx
    .insert(registrations)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function findRegistration(tx: Tx, id: string) {
  const [row] = await tx.select().from(registrations).where(eq(registrations.id, id));
  return row ?? null;
}

/** The tenant's own registration (the first, should it ever have several). */
export async function findTenantRegistration(tx: Tx) {
  const [row] = await tx.select().from(registrations).orderBy(asc(registrations.createdAt)).limit(1);
  return row ?? null;
}

export async function appendRegistrationMachines(tx: Tx, id: string, machines: MachineOrderValue[]) {
  await tx
    .update(registrations)
    .set({ machines: sql`${registrations.machines} || ${JSON.stringify(machines)}::jsonb` })
    .where(eq(registrations.id, id));
}

export async function insertRegistrationToken(
  tx: Tx,
  tenantId: string,
  values: { tokenHash: string; registrationId: string; createdBy: string | null; expiresAt: Date },
) {
  await tx.insert(registrationTokens).values({ tenantId, ...values });
}

/** A token of this tenant that has neither expired nor been used for an order. */
export async function findLiveToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(registrationTokens)
    .where(
      and(
        eq(registrationTokens.tokenHash, tokenHash),
        gt(registrationTokens.expiresAt, sql`now()`),
        isNull(registrationTokens.usedAt),
      ),
    );
  return row ?? null;
}

/** Uses the token up; false when it was used already (by a request that committed first). */
export async function markTokenUsed(tx: Tx, tokenHash: string) {
  const rows = await tx
    .update(registrationTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(registrationTokens.tokenHash, tokenHash), isNull(registrationTokens.usedAt)))
    .returning({ tokenHash: registrationTokens.tokenHash });
  return rows.length > 0;
}

/** The next invoice number, without gaps across all tenants: `RE-2026-001001`. */
export async function nextInvoiceNumber(tx: Tx, issuedAt: Date) {
  const result = await tx.execute(sql`SELECT nextval('invoice_number_seq')::text AS n`);
  const rows = (result as unknown as { rows: { n: string }[] }).rows;
  return `RE-${issuedAt.getUTCFullYear()}-${rows[0]!.n.padStart(6, '0')}`;
}

export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

export async function insertInvoice(tx: Tx, tenantId: string, values: InvoiceValues) {
  const [row] = await tx
    .insert(invoices)
    .values({ tenantId, ...values })
    .returning({ id: invoices.id });
  return row!.id;
}

export async function listInvoices(tx: Tx) {
  return tx
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      dueAt: invoices.dueAt,
      currency: invoices.currency,
      netCents: invoices.netCents,
      vatCents: invoices.vatCents,
      totalCents: invoices.totalCents,
      machineCount: invoices.machineCount,
    })
    .from(invoices)
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
}

export async function findInvoicePdf(tx: Tx, id: string) {
  const [row] = await tx
    .select({ number: invoices.number, pdf: invoices.pdf })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row ?? null;
}

export type ContactRequestValues = Omit<typeof contactRequests.$inferInsert, 'id' | 'createdAt'>;

/** Platform role: contact requests hold no tenant data. */
export async function insertContactRequest(tx: Tx, values: ContactRequestValues & { createdAt?: Date }) {
  const [row] = await tx.insert(contactRequests).values(values).returning({ id: contactRequests.id });
  return row!.id;
}

/** Slug (tenant ID) of a tenant: sign-in role for any tenant, tenant role for its own. */
export async function findTenantSlug(tx: Tx, slug: string) {
  const result = await tx.execute(sql`SELECT id FROM tenants WHERE slug = ${slug}`);
  return ((result as unknown as { rows: { id: string }[] }).rows[0]?.id as string | undefined) ?? null;
}

export async function findOwnTenant(tx: Tx, id: string) {
  const result = await tx.execute(sql`SELECT slug, name FROM tenants WHERE id = ${id}`);
  return (result as unknown as { rows: { slug: string; name: string }[] }).rows[0] ?? null;
}
