import { eq, sql } from 'drizzle-orm';
import { tenants } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export interface NetworkAdminValues {
  name: string | null;
  phone: string | null;
  email: string | null;
}

export async function findNetworkAdmin(tx: Tx, tenantId: string): Promise<NetworkAdminValues> {
  const [row] = await tx
    .select({
      name: tenants.networkAdminName,
      phone: tenants.networkAdminPhone,
      email: tenants.networkAdminEmail,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row ?? { name: null, phone: null, email: null };
}

export async function saveNetworkAdmin(tx: Tx, tenantId: string, values: NetworkAdminValues) {
  await tx
    .update(tenants)
    .set({
      networkAdminName: values.name,
      networkAdminPhone: values.phone,
      networkAdminEmail: values.email,
      updatedAt: sql`now()`,
    })
    .where(eq(tenants.id, tenantId));
}
