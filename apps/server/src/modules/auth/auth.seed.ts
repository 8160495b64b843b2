import type { TenantKind } from '@kerf/contracts';
import type { Tx } from '../../db/transactions';
import { findTenantBySlug, insertTenant } from './tenants.repository';
import { insertUser, type UserValues } from './users.repository';

/** Creates the tenant unless one with its slug exists; null when it did (a platform transaction). */
export async function seedTenant(tx: Tx, tenant: { slug: string; name: string; kind: TenantKind }) {
  return (await findTenantBySlug(tx, tenant.slug)) ? null : insertTenant(tx, tenant);
}

/** Adds the users of a newly seeded tenant, in the tenant's transaction. */
export async function seedUsers(tx: Tx, tenantId: string, users: (UserValues & { passwordHash: string })[]) {
  for (const user of users) await insertUser(tx, tenantId, user);
}
