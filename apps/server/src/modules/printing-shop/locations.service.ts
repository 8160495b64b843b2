import type { LocationInputSchema, Page, PrintingShop, PrintingShopListQuerySchema } from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { listMachines } from '../machines/index';
import { toMachine } from './cutting-machine.view';
import { countEmployeesAt, listEmployees, removeDeletedEmployeesFrom } from './employees.repository';
import { employeesWithLocations } from './employees.service';
import {
  deleteLocation,
  findLocation,
  insertLocation,
  type LocationValues,
  listLocations,
  listLocationsOfUser,
  listMinimalLocations,
  lockLocation,
  type RunPrepared,
  updateLocation,
} from './locations.repository';
import { requireLocation } from './shared';

type LocationInput = z.output<typeof LocationInputSchema>;
type ListQuery = z.output<typeof PrintingShopListQuerySchema>;

function locationValues(input: LocationInput): LocationValues {
  return {
    name: input.name,
    street: input.street || null,
    streetNumber: input.streetNumber || null,
    zip: input.zip || null,
    city: input.city || null,
    country: input.country,
    knifeSwapInterval: input.knifeSwapInterval ?? null,
  };
}

/** Locations of the printing shop (the spec's "printing shops"), with their machines and employees. */
export function createLocationsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);
  const readAlone =
    (actor: Actor): RunPrepared =>
    (statement, values) =>
      transactions.readPrepared(actor.tenantId, statement, values);

  return {
    /** The app's most frequent reads: one statement each, alone in its transaction (one round trip). */
    async listLocations(actor: Actor, query: ListQuery): Promise<Page<PrintingShop>> {
      const { items, total } = await listLocations(readAlone(actor), {
        page: query.page,
        pageSize: query.page_size,
        sort: query.sort,
        descending: query.sort_direction === 'DESCENDING',
        search: query.search,
        withUptime: query.view === 'WITH_UPTIME',
      });
      return { items, total, page: query.page, pageSize: query.page_size };
    },

    async createLocation(actor: Actor, input: LocationInput) {
      return inTenant(actor, async (tx) => {
        const id = await insertLocation(tx, actor.tenantId, locationValues(input));
        await audit(tx, actor, 'location.created', 'location', id);
        return requireLocation(tx, id);
      });
    },

    async getLocation(actor: Actor, id: string) {
      const location = await findLocation(readAlone(actor), id);
      if (!location) throw new AppError('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
      return location;
    },

    async updateLocation(actor: Actor, id: string, input: LocationInput) {
      return inTenant(actor, async (tx) => {
        if (!(await updateLocation(tx, id, locationValues(input)))) {
          throw new AppError('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
        }
        await audit(tx, actor, 'location.updated', 'location', id);
        return requireLocation(tx, id);
      });
    },

    /** Refused while employees or machines are assigned: the admin moves or removes them first. */
    async deleteLocation(actor: Actor, id: string) {
      await inTenant(actor, async (tx) => {
        if (!(await lockLocation(tx, id)))
          throw new AppError('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
        if ((await countEmployeesAt(tx, id)) > 0)
          throw new AppError('service.printing-shops.PRINTING_SHOP_HAS_USERS');
        if ((await listMachines(tx, { locationId: id })).length > 0) {
          throw new AppError('service.printing-shops.PRINTING_SHOP_HAS_MACHINES');
        }
        await removeDeletedEmployeesFrom(tx, id);
        await deleteLocation(tx, id);
        await audit(tx, actor, 'location.deleted', 'location', id);
      });
    },

    minimalLocations: (actor: Actor, page: number, pageSize: number) =>
      inTenant(actor, async (tx) => ({
        ...(await listMinimalLocations(tx, page, pageSize)),
        page,
        pageSize,
      })),

    assignedLocations: (actor: Actor) => inTenant(actor, (tx) => listLocationsOfUser(tx, actor.userId)),

    machinesAt: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => {
        await requireLocation(tx, id);
        return (await listMachines(tx, { locationId: id })).map(toMachine);
      }),

    employeesAt: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => {
        await requireLocation(tx, id);
        const { rows } = await listEmployees(tx, { page: 0, pageSize: 10_000, locationIds: [id] });
        return employeesWithLocations(tx, rows);
      }),
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
