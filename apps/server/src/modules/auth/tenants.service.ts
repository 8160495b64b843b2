import { hasPermission, type Page, type Tenant } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { listTenants } from './tenants.repository';

export function createTenantsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  return {
    /**
     * Other users see their own tenant only (row-level security decides). System admins and customer
     * service see all tenants through the platform role, and every such listing is audited.
     */
    async list(actor: Actor, page: number, pageSize: number): Promise<Page<Tenant>> {
      const isPlatform = actor.tenantKind === 'PROVIDER' && hasPermission(actor.role, 'tenants:read-all');
      const result = isPlatform
        ? await transactions.withPlatform(
            {
              actor: { tenantId: actor.tenantId, userId: actor.userId, ip: actor.ip },
              action: 'platform.tenants.list',
              details: { page, pageSize },
            },
            (tx) => listTenants(tx, page, pageSize),
          )
        : await transactions.withTenant(actor.tenantId, (tx) => listTenants(tx, page, pageSize));
      return { ...result, page, pageSize };
    },
  };
}

export type TenantsService = ReturnType<typeof createTenantsService>;
