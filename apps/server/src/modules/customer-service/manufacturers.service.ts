import type { FleetMachine, ManufacturerAccess, Page, Role, SupportAccess } from '@kerf/contracts';
import { RoleSchema } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { iso } from '../../lib/dates';
import { type AuditedAccess, createAuditedAccess } from './audited-access';
import { listMachines, usageSince } from './customers.repository';
import {
  grantManufacturer,
  listManufacturerAccesses,
  listSupportAccessRows,
  revokeManufacturer,
} from './manufacturers.repository';

const DAY_MS = 86_400_000;

/**
 * Machine manufacturers (product.md §6): their fleet at the customers who granted access, read-only and
 * audited like customer service; and the customer's side: granting, revoking, and reading who from
 * customer service or a manufacturer looked at what.
 */
export function createManufacturersService(deps: { transactions: Transactions; audited?: AuditedAccess }) {
  const { transactions } = deps;
  const audited = deps.audited ?? createAuditedAccess(transactions);

  async function one(actor: Actor, manufacturerId: string): Promise<ManufacturerAccess> {
    const [access] = await transactions.withTenant(actor.tenantId, (tx) =>
      listManufacturerAccesses(tx, manufacturerId),
    );
    if (!access) throw new AppError('service.customer-service.MANUFACTURER_NOT_FOUND');
    return access;
  }

  return {
    fleet(actor: Actor, query: { days: number; search?: string }) {
      return audited(actor, 'manufacturer.fleet.read', { ...query }, async (tx, scope) => {
        if (!scope.make) return { result: { make: '', days: query.days, machines: [] }, touched: [] };
        const machines = await listMachines(tx, scope.tenantIds, { make: scope.make, search: query.search });
        const usage = await usageSince(tx, scope.tenantIds, new Date(Date.now() - query.days * DAY_MS));
        const result: FleetMachine[] = machines.map((machine) => {
          const use = usage.get(machine.id);
          return {
            id: machine.id,
            customerName: machine.tenantName,
            country: machine.country,
            name: machine.name,
            serialNumber: machine.serialNumber,
            type: machine.type,
            cuttingWidth: machine.cuttingWidth,
            onlineStatus: machine.onlineStatus,
            status: machine.status,
            totalCuts: machine.totalCuts,
            cuts: use?.cuts ?? 0,
            runningSeconds: use?.runningSeconds ?? 0,
            knivesUsed: use?.knivesUsed ?? 0,
          };
        });
        const tenants = [...new Set(machines.map((m) => m.tenantId))];
        return {
          result: { make: scope.make, days: query.days, machines: result },
          touched: tenants.map((tenantId) => ({
            tenantId,
            targetType: 'fleet' as const,
            label: scope.make ?? '',
          })),
        };
      });
    },

    listAccesses(actor: Actor): Promise<ManufacturerAccess[]> {
      return transactions.withTenant(actor.tenantId, (tx) => listManufacturerAccesses(tx));
    },

    async grant(actor: Actor, manufacturerId: string): Promise<ManufacturerAccess> {
      await one(actor, manufacturerId);
      await transactions.withTenant(actor.tenantId, async (tx) => {
        await grantManufacturer(tx, actor.tenantId, manufacturerId, actor.userId);
        await audit(tx, actor, 'manufacturer-access.granted', 'manufacturer', manufacturerId);
      });
      return one(actor, manufacturerId);
    },

    async revoke(actor: Actor, manufacturerId: string): Promise<ManufacturerAccess> {
      await one(actor, manufacturerId);
      await transactions.withTenant(actor.tenantId, async (tx) => {
        await revokeManufacturer(tx, actor.tenantId, manufacturerId);
        await audit(tx, actor, 'manufacturer-access.revoked', 'manufacturer', manufacturerId);
      });
      return one(actor, manufacturerId);
    },

    async supportAccesses(actor: Actor, page: number, pageSize: number): Promise<Page<SupportAccess>> {
      const { rows, total } = await transactions.withTenant(actor.tenantId, (tx) =>
        listSupportAccessRows(tx, page, pageSize),
      );
      const items = rows.map((row) => {
        const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<
          string,
          unknown
        >;
        return {
          id: Number(row.id),
          at: iso(row.at),
          action: row.action,
          actorName: String(details.actorName ?? '?'),
          actorRole: (RoleSchema.safeParse(details.actorRole).data as Role | undefined) ?? null,
          actorTenantName: String(details.actorTenantName ?? '?'),
          targetType: row.target_type,
          targetLabel: (details.label as string | null) ?? null,
        };
      });
      return { items, total, page, pageSize };
    },
  };
}

export type ManufacturersService = ReturnType<typeof createManufacturersService>;
