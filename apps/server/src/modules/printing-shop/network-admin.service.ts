import type { NetworkAdminSchema } from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { findNetworkAdmin, saveNetworkAdmin } from '../auth/index';
import { normalisePhone } from './shared';

type NetworkAdmin = z.output<typeof NetworkAdminSchema>;

/** The shop's network administrator, whom the setup assistant and customer service contact. */
export function createNetworkAdminService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  return {
    getNetworkAdmin: (actor: Actor) =>
      transactions.withTenant(actor.tenantId, (tx) => findNetworkAdmin(tx, actor.tenantId)),

    setNetworkAdmin: (actor: Actor, input: NetworkAdmin) =>
      transactions.withTenant(actor.tenantId, async (tx) => {
        const value = {
          name: input.name || null,
          phone: normalisePhone(input.phone, 'phone'),
          email: input.email || null,
        };
        await saveNetworkAdmin(tx, actor.tenantId, value);
        await audit(tx, actor, 'network_admin.changed', 'tenant', actor.tenantId);
        return value;
      }),
  };
}

export type NetworkAdminService = ReturnType<typeof createNetworkAdminService>;
