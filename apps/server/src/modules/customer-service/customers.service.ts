import {
  type Customer,
  type CustomerDetails,
  hasPermission,
  type SearchView,
  type ServiceMachine,
  type ServiceMachineDetails,
} from '@kerf/contracts';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AuditedAccess, Touched } from './audited-access';
import { DAY_MS, diagnosticsFor } from './customer-service';
import {
  findCustomerContact,
  listAccesses,
  listCustomers,
  listMachines,
  searchCustomersAndMachines,
  toMachineAccess,
  usageSince,
} from './customers.repository';

const machineTouched = (machine: ServiceMachine): Touched => ({
  tenantId: machine.tenantId,
  targetType: 'machine',
  targetId: machine.id,
  label: machine.serialNumber,
});

/**
 * What customer service and manufacturers read of their customers (product.md §2 "Customer service"):
 * the customers, a search, a customer's details, the machines. Every read goes through `audited`.
 */
export function createCustomersService(deps: { audited: AuditedAccess }) {
  const { audited } = deps;

  return {
    listCustomers(actor: Actor, search?: string): Promise<Customer[]> {
      return audited(
        actor,
        'customer-service.customers.list',
        { search: search ?? null },
        async (tx, scope) => {
          const result = await listCustomers(tx, actor.tenantId, scope.tenantIds, search);
          return {
            result,
            touched: result.map((c) => ({
              tenantId: c.id,
              targetType: 'customer' as const,
              targetId: c.id,
              label: c.name,
            })),
          };
        },
      );
    },

    search(actor: Actor, term: string): Promise<SearchView> {
      return audited(actor, 'customer-service.search', { search: term }, async (tx, scope) => {
        if (!term) return { result: { customers: [], machines: [] }, touched: [] };
        const result = await searchCustomersAndMachines(tx, scope.tenantIds, term);
        const touched: Touched[] = [
          ...result.customers.map((c) => ({ tenantId: c.id, targetType: 'search' as const, label: term })),
          ...result.machines.map((m) => ({
            tenantId: m.tenantId,
            targetType: 'search' as const,
            label: term,
          })),
        ];
        return { result, touched };
      });
    },

    customerDetails(actor: Actor, tenantId: string): Promise<CustomerDetails> {
      return audited(actor, 'customer-service.customer.read', { tenantId }, async (tx, scope) => {
        if (!scope.tenantIds.includes(tenantId))
          throw new AppError('service.customer-service.CUSTOMER_NOT_FOUND');
        const [customer] = await listCustomers(tx, actor.tenantId, [tenantId]);
        if (!customer) throw new AppError('service.customer-service.CUSTOMER_NOT_FOUND');
        const contact = hasPermission(actor.role, 'customer-contacts:read')
          ? await findCustomerContact(tx, tenantId)
          : null;
        const machines = await listMachines(tx, [tenantId]);
        return {
          result: { customer, contact, machines },
          touched: [{ tenantId, targetType: 'customer', targetId: tenantId, label: customer.name }],
        };
      });
    },

    listMachines(actor: Actor, query: { search?: string; tenantId?: string }): Promise<ServiceMachine[]> {
      return audited(actor, 'customer-service.machines.list', query, async (tx, scope) => {
        const ids = query.tenantId ? scope.tenantIds.filter((id) => id === query.tenantId) : scope.tenantIds;
        const result = await listMachines(tx, ids, { search: query.search });
        const tenants = [...new Set(result.map((m) => m.tenantId))];
        return {
          result,
          touched: tenants.map((tenantId) => ({
            tenantId,
            targetType: 'machine' as const,
            label: query.search,
          })),
        };
      });
    },

    machineBySerial(actor: Actor, serial: string): Promise<ServiceMachineDetails> {
      return audited(actor, 'customer-service.machine.read', { serial }, async (tx, scope) => {
        const [machine] = await listMachines(tx, scope.tenantIds, { serial });
        if (!machine) throw new AppError('service.customer-service.MACHINE_NOT_FOUND');
        const usage = (await usageSince(tx, [machine.tenantId], new Date(Date.now() - DAY_MS))).get(
          machine.id,
        );
        const { rows } = await listAccesses(tx, [machine.tenantId], {
          serialNumber: serial,
          page: 0,
          pageSize: 50,
        });
        const { cuttingWidth: _width, ...view } = machine;
        return {
          result: {
            machine: view,
            cutsLast24h: usage?.cuts ?? 0,
            runningSecondsLast24h: usage?.runningSeconds ?? 0,
            accesses: rows.map((row) => toMachineAccess(row, diagnosticsFor(actor))),
          },
          touched: [machineTouched(machine)],
        };
      });
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
