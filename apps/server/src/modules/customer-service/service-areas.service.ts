import type {
  CreateServiceUserSchema,
  FieldError,
  ServiceArea,
  ServiceAreaInputSchema,
  ServiceEmployee,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { PasswordHasher } from '../../lib/password-hasher';
import { createTenantUser, findManageableUser } from '../auth/index';
import { listMachines } from './customers.repository';
import {
  countServiceAreas,
  customerSummaries,
  deleteServiceArea,
  employeesAssignedToArea,
  insertServiceArea,
  listServiceAreaRows,
  listServiceEmployees,
  lockServiceAreas,
  machineCountsOf,
  renameServiceArea,
  replaceServiceAreaCustomers,
  replaceUserServiceAreas,
  type ServiceAreaRow,
} from './service-areas.repository';

type AreaInput = z.output<typeof ServiceAreaInputSchema>;
type CreateUserInput = z.output<typeof CreateServiceUserSchema>;

const NAME_KEY = 'service_areas_tenant_name_key';

/**
 * The customer-service admin's work (product.md §2 "Customer-service admin"): service areas, their
 * customers and employees. The areas are the provider's own rows (`withTenant`); the customers'
 * names and machines are other tenants' and come through the platform role, audited.
 */
export function createServiceAreasService(deps: { transactions: Transactions; hasher: PasswordHasher }) {
  const { transactions, hasher } = deps;
  const platform = (actor: Actor, action: string) => ({
    actor: { tenantId: actor.tenantId, userId: actor.userId, ip: actor.ip },
    action,
  });

  /** Adds customer names and machine counts (other tenants: platform role). */
  async function withCustomers(actor: Actor, rows: ServiceAreaRow[]): Promise<ServiceArea[]> {
    const ids = [...new Set(rows.flatMap((row) => row.customerIds))];
    const { names, machines } = await transactions.withPlatform(
      { ...platform(actor, 'customer-service.service-areas.customers'), details: { tenantIds: ids } },
      async (tx) => ({ names: await customerSummaries(tx, ids), machines: await machineCountsOf(tx, ids) }),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      customers: row.customerIds.flatMap((id) => {
        const customer = names.get(id);
        return customer ? [customer] : [];
      }),
      employeeCount: row.employeeCount,
      machineCount: row.customerIds.reduce((sum, id) => sum + (machines.get(id) ?? 0), 0),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }));
  }

  async function checkCustomers(actor: Actor, tenantIds: string[]) {
    const distinct = [...new Set(tenantIds)];
    const found = await transactions.withPlatform(
      {
        ...platform(actor, 'customer-service.service-areas.check-customers'),
        details: { tenantIds: distinct },
      },
      (tx) => customerSummaries(tx, distinct),
    );
    if (found.size !== distinct.length) throw new AppError('service.customer-service.CUSTOMER_NOT_FOUND');
    return distinct;
  }

  async function loadArea(actor: Actor, id: string): Promise<ServiceArea> {
    const rows = await transactions.withTenant(actor.tenantId, (tx) => listServiceAreaRows(tx, [id]));
    if (rows.length === 0) throw new AppError('service.customer-service.SERVICE_AREA_NOT_FOUND');
    const [area] = await withCustomers(actor, rows);
    return area!;
  }

  /** Every id names an area of the provider; share-locked, so a delete of one takes turns with this. */
  async function checkAreas(tx: Tx, ids: string[]) {
    const distinct = [...new Set(ids)];
    if ((await lockServiceAreas(tx, distinct, 'share')).length !== distinct.length) {
      const field: FieldError = { field: 'serviceAreaIds', in: 'body', code: 'INVALID_VALUE' };
      throw AppError.fields([field]);
    }
    return distinct;
  }

  const nameTaken = (error: unknown) => {
    if (isUniqueViolation(error, NAME_KEY))
      throw new AppError('service.customer-service.SERVICE_AREA_NAME_TAKEN');
    throw error;
  };

  return {
    async list(actor: Actor): Promise<ServiceArea[]> {
      const rows = await transactions.withTenant(actor.tenantId, (tx) => listServiceAreaRows(tx));
      return withCustomers(actor, rows);
    },

    get: loadArea,

    async create(actor: Actor, input: AreaInput): Promise<ServiceArea> {
      const customers = await checkCustomers(actor, input.tenantIds);
      const id = await transactions
        .withTenant(actor.tenantId, async (tx) => {
          const id = await insertServiceArea(tx, actor.tenantId, input.value);
          await replaceServiceAreaCustomers(tx, actor.tenantId, id, customers);
          await audit(tx, actor, 'service-area.created', 'service-area', id, {
            name: input.value,
            tenantIds: customers,
          });
          return id;
        })
        .catch(nameTaken);
      return loadArea(actor, id);
    },

    async update(actor: Actor, id: string, input: AreaInput): Promise<ServiceArea> {
      const customers = await checkCustomers(actor, input.tenantIds);
      await transactions
        .withTenant(actor.tenantId, async (tx) => {
          if (!(await renameServiceArea(tx, id, input.value)))
            throw new AppError('service.customer-service.SERVICE_AREA_NOT_FOUND');
          await replaceServiceAreaCustomers(tx, actor.tenantId, id, customers);
          await audit(tx, actor, 'service-area.updated', 'service-area', id, {
            name: input.value,
            tenantIds: customers,
          });
        })
        .catch(nameTaken);
      return loadArea(actor, id);
    },

    /**
     * Refused while employees work in the area (product.md §5, as for a location): the refusal names who
     * is still there. The area is locked for update first, so an assignment at the same time either
     * lands before (and is counted) or waits and finds the area gone.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      await transactions.withTenant(actor.tenantId, async (tx) => {
        if ((await lockServiceAreas(tx, [id], 'update')).length === 0)
          throw new AppError('service.customer-service.SERVICE_AREA_NOT_FOUND');
        const assigned = await employeesAssignedToArea(tx, id);
        if (assigned.count > 0)
          throw new AppError('service.customer-service.SERVICE_AREA_HAS_USERS', { details: { assigned } });
        if (!(await deleteServiceArea(tx, id)))
          throw new AppError('service.customer-service.SERVICE_AREA_NOT_FOUND');
        await audit(tx, actor, 'service-area.deleted', 'service-area', id);
      });
    },

    async employees(actor: Actor, serviceAreaId?: string): Promise<ServiceEmployee[]> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        if (serviceAreaId && (await countServiceAreas(tx, [serviceAreaId])) === 0)
          throw new AppError('service.customer-service.SERVICE_AREA_NOT_FOUND');
        return listServiceEmployees(tx, { serviceAreaId });
      });
    },

    async machines(actor: Actor, serviceAreaId: string) {
      const area = await loadArea(actor, serviceAreaId);
      const ids = area.customers.map((customer) => customer.id);
      return transactions.withPlatform(
        {
          ...platform(actor, 'customer-service.service-areas.machines'),
          details: { serviceAreaId, tenantIds: ids },
        },
        (tx) => listMachines(tx, ids),
      );
    },

    async userServiceAreas(actor: Actor, userId: string) {
      const [employee] = await transactions.withTenant(actor.tenantId, (tx) =>
        listServiceEmployees(tx, { userIds: [userId] }),
      );
      if (!employee) throw new AppError('authentication.USER_NOT_FOUND');
      return { serviceAreaIds: employee.serviceAreaIds };
    },

    async setUserServiceAreas(
      actor: Actor,
      userId: string,
      serviceAreaIds: string[],
    ): Promise<ServiceEmployee> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        await findManageableUser(tx, actor, userId);
        const areas = await checkAreas(tx, serviceAreaIds);
        await replaceUserServiceAreas(tx, actor.tenantId, userId, areas);
        await audit(tx, actor, 'user.service_areas_changed', 'user', userId, { serviceAreaIds: areas });
        const [employee] = await listServiceEmployees(tx, { userIds: [userId] });
        return employee!;
      });
    },

    /** A user of auth's (`createTenantUser`) with their service areas. */
    createUser: (actor: Actor, input: CreateUserInput): Promise<ServiceEmployee> =>
      createTenantUser({ transactions, hasher }, actor, input, {
        before: (tx) => checkAreas(tx, input.serviceAreaIds),
        after: async (tx, row, areas) => {
          await replaceUserServiceAreas(tx, actor.tenantId, row.id, areas);
          const [employee] = await listServiceEmployees(tx, { userIds: [row.id] });
          return { result: employee!, details: { serviceAreaIds: areas } };
        },
      }),
  };
}

export type ServiceAreasService = ReturnType<typeof createServiceAreasService>;
