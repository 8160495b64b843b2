import type {
  GrindingMachineInputSchema,
  GrindingShop,
  GrindingShopInputSchema,
  Page,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import {
  deleteLocation,
  insertLocation,
  type LocationValues,
  lockLocation,
  removeEmployeesFrom,
  updateLocation,
} from '../printing-shop/index';
import { clearCurrentLocationsAt } from './current-locations.repository';
import { employeesAt } from './employees.service';
import {
  countGrindingMachinesAt,
  findGrindingMachine,
  type GrindingMachineValues,
  insertGrindingMachine,
  listGrindingMachinesAt,
  SERIAL_KEY,
  softDeleteGrindingMachine,
  updateGrindingMachine,
} from './grinding-machines.repository';
import { employeesAssignedTo, listGrindingShops, lockGrindingShopsShared } from './grinding-shops.repository';
import { requireGrindingShop } from './shared';

type LocationInput = z.output<typeof GrindingShopInputSchema>;
type MachineInput = z.output<typeof GrindingMachineInputSchema>;

function locationValues(input: LocationInput): LocationValues {
  return {
    name: input.name,
    street: input.street || null,
    streetNumber: input.streetNumber || null,
    zip: input.zip || null,
    city: input.city || null,
    country: input.country,
    knifeSwapInterval: null,
  };
}

function machineValues(input: MachineInput): GrindingMachineValues {
  return {
    locationId: input.grindingShopId,
    name: input.name,
    manufacturer: input.manufacturer || null,
    designation: input.designation || null,
    serialNumber: input.serialNumber,
    maxKnifeLength: input.maxKnifeLength ?? null,
    active: input.active ?? true,
  };
}

/** A grinding machine's serial number is unique among the shop's machines. */
async function guardSerial<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, SERIAL_KEY))
      throw new AppError('service.grinding-shops.SERIAL_NUMBER_ALREADY_USED');
    throw error;
  }
}

async function requireMachine(tx: Tx, id: string) {
  const machine = await findGrindingMachine(tx, id);
  if (!machine) throw new AppError('service.grinding-shops.MACHINE_NOT_FOUND');
  return machine;
}

/** The grinding shop's locations (the spec's "grinding shops") and their grinding machines. */
export function createGrindingShopsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  return {
    listLocations: (
      actor: Actor,
      query: { page: number; page_size: number; sort_direction: 'ASCENDING' | 'DESCENDING'; search?: string },
    ): Promise<Page<GrindingShop>> =>
      inTenant(actor, async (tx) => ({
        ...(await listGrindingShops(tx, {
          page: query.page,
          pageSize: query.page_size,
          descending: query.sort_direction === 'DESCENDING',
          search: query.search,
        })),
        page: query.page,
        pageSize: query.page_size,
      })),

    getLocation: (actor: Actor, id: string) => inTenant(actor, (tx) => requireGrindingShop(tx, id)),

    createLocation: (actor: Actor, input: LocationInput) =>
      inTenant(actor, async (tx) => {
        const id = await insertLocation(tx, actor.tenantId, locationValues(input));
        await audit(tx, actor, 'location.created', 'location', id);
        return requireGrindingShop(tx, id);
      }),

    updateLocation: (actor: Actor, id: string, input: LocationInput) =>
      inTenant(actor, async (tx) => {
        if (!(await updateLocation(tx, id, locationValues(input))))
          throw new AppError('service.grinding-shops.LOCATION_NOT_FOUND');
        await audit(tx, actor, 'location.updated', 'location', id);
        return requireGrindingShop(tx, id);
      }),

    /**
     * Refused while employees are assigned or grinding machines stand there (product.md §5): the admin
     * moves or removes them first, and the refusal names who is still there. The location is locked
     * for update first, so an assignment running at the same time either lands before (and is
     * counted here) or waits and finds the location gone. Assignments of deleted employees go with it.
     */
    deleteLocation: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => {
        if (!(await lockLocation(tx, id))) throw new AppError('service.grinding-shops.LOCATION_NOT_FOUND');
        const assigned = await employeesAssignedTo(tx, id);
        if (assigned.count > 0)
          throw new AppError('service.grinding-shops.SHOP_HAS_USERS', { details: { assigned } });
        if ((await countGrindingMachinesAt(tx, id)) > 0)
          throw new AppError('service.grinding-shops.SHOP_HAS_MACHINES');
        await clearCurrentLocationsAt(tx, id);
        await removeEmployeesFrom(tx, id);
        await deleteLocation(tx, id);
        await audit(tx, actor, 'location.deleted', 'location', id);
      }),

    employeesAt: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => {
        await requireGrindingShop(tx, id);
        return employeesAt(tx, id);
      }),

    machinesAt: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => {
        await requireGrindingShop(tx, id);
        return listGrindingMachinesAt(tx, id);
      }),

    createMachine: (actor: Actor, input: MachineInput) =>
      guardSerial(() =>
        inTenant(actor, async (tx) => {
          // share-locked like an employee's assignment: a delete of the location takes turns with it
          await lockGrindingShopsShared(tx, [input.grindingShopId]);
          await requireGrindingShop(tx, input.grindingShopId);
          const id = await insertGrindingMachine(tx, actor.tenantId, machineValues(input));
          await audit(tx, actor, 'grinding_machine.created', 'grinding_machine', id);
          return requireMachine(tx, id);
        }),
      ),

    updateMachine: (actor: Actor, id: string, input: MachineInput) =>
      guardSerial(() =>
        inTenant(actor, async (tx) => {
          await requireMachine(tx, id);
          // share-locked like an employee's assignment: a delete of the location takes turns with it
          await lockGrindingShopsShared(tx, [input.grindingShopId]);
          await requireGrindingShop(tx, input.grindingShopId);
          await updateGrindingMachine(tx, id, machineValues(input));
          await audit(tx, actor, 'grinding_machine.updated', 'grinding_machine', id);
          return requireMachine(tx, id);
        }),
      ),

    deleteMachine: (actor: Actor, id: string) =>
      inTenant(actor, async (tx) => {
        if (!(await softDeleteGrindingMachine(tx, id)))
          throw new AppError('service.grinding-shops.MACHINE_NOT_FOUND');
        await audit(tx, actor, 'grinding_machine.deleted', 'grinding_machine', id);
      }),
  };
}

export type GrindingShopsService = ReturnType<typeof createGrindingShopsService>;
