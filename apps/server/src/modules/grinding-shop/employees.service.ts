import type { CreateGrindingEmployeeSchema, GrindingEmployee, GrindingShop } from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { PasswordHasher } from '../../lib/password-hasher';
import { createTenantUser, findManageableUser, findUserById, toUser, type UserRow } from '../auth/index';
import { listLocationEmployees, locationIdsOf, replaceUserLocations } from '../printing-shop/index';
import {
  clearCurrentLocation,
  currentLocationsOf,
  saveCurrentLocation,
} from './current-locations.repository';
import { findGrindingShop, lockGrindingShopsShared } from './grinding-shops.repository';

type CreateInput = z.output<typeof CreateGrindingEmployeeSchema>;

/** Users as grinding-shop employees: their locations and the one they work at now. */
async function withLocations(tx: Tx, rows: UserRow[]): Promise<GrindingEmployee[]> {
  const ids = rows.map((row) => row.id);
  const [assigned, current] = [await locationIdsOf(tx, ids), await currentLocationsOf(tx, ids)];
  return rows.map((row) => ({
    ...toUser(row),
    grindingShopIds: (assigned.get(row.id) ?? []).sort(),
    currentLocationId: current.get(row.id) ?? null,
  }));
}

export async function employeesAt(tx: Tx, locationId: string) {
  const { rows } = await listLocationEmployees(tx, { page: 0, pageSize: 10_000, locationIds: [locationId] });
  return withLocations(tx, rows);
}

/**
 * The location a grinding-shop user works at now, where received knives and grinding cycles are
 * booked; `USER_HAS_NO_LOCATION` when none is set. Runs in the caller's tenant transaction.
 */
export async function requireCurrentLocation(tx: Tx, userId: string): Promise<GrindingShop> {
  const locationId = (await currentLocationsOf(tx, [userId])).get(userId);
  const location = locationId ? await findGrindingShop(tx, locationId) : null;
  if (!location) throw new AppError('service.grinding-shops.USER_HAS_NO_LOCATION');
  return location;
}

/** Every id must name a location of the tenant (row-level security hides the others); locked shared. */
async function checkLocations(tx: Tx, ids: string[]) {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return distinct;
  // share-locked: a delete of one of them waits for this assignment, or this one sees it gone
  const found = await lockGrindingShopsShared(tx, distinct);
  if (found.length !== distinct.length) throw new AppError('service.grinding-shops.LOCATION_NOT_FOUND');
  return distinct;
}

/**
 * Assigns the locations and keeps the current location among them: a grinder works somewhere
 * (`USER_HAS_NO_LOCATION` otherwise) and starts at the first location when none is current.
 */
async function assignLocations(tx: Tx, actor: Actor, user: UserRow, ids: string[]) {
  const distinct = await checkLocations(tx, ids);
  if (user.role === 'GRINDER' && distinct.length === 0)
    throw new AppError('service.grinding-shops.USER_HAS_NO_LOCATION');
  await replaceUserLocations(tx, actor.tenantId, user.id, distinct);
  const current = (await currentLocationsOf(tx, [user.id])).get(user.id);
  if (current && !distinct.includes(current)) await clearCurrentLocation(tx, user.id);
  if ((!current || !distinct.includes(current)) && user.role === 'GRINDER')
    await saveCurrentLocation(tx, actor.tenantId, user.id, distinct[0]!);
  return distinct;
}

/** Employees of the grinding shop (users, `user_locations`) and their current location. */
export function createEmployeesService(deps: { transactions: Transactions; hasher: PasswordHasher }) {
  const { transactions, hasher } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  return {
    listEmployees: (actor: Actor, query: { page: number; page_size: number; search?: string }) =>
      inTenant(actor, async (tx) => {
        const { rows, total } = await listLocationEmployees(tx, {
          page: query.page,
          pageSize: query.page_size,
          search: query.search,
        });
        return { items: await withLocations(tx, rows), total, page: query.page, pageSize: query.page_size };
      }),

    /** A user of auth's (`createTenantUser`) with their locations: a grinder needs at least one. */
    createEmployee: (actor: Actor, input: CreateInput): Promise<GrindingEmployee> =>
      createTenantUser({ transactions, hasher }, actor, input, {
        check: () => {
          if (input.role === 'GRINDER' && input.grindingShopIds.length === 0)
            throw new AppError('service.grinding-shops.USER_HAS_NO_LOCATION');
        },
        before: (tx) => checkLocations(tx, input.grindingShopIds),
        after: async (tx, row) => {
          const ids = await assignLocations(tx, actor, row, input.grindingShopIds);
          const [employee] = await withLocations(tx, [row]);
          return { result: employee!, details: { locationIds: ids } };
        },
      }),

    setLocations: (actor: Actor, userId: string, ids: string[]) =>
      inTenant(actor, async (tx) => {
        const user = await findManageableUser(tx, actor, userId);
        const assigned = await assignLocations(tx, actor, user, ids);
        await audit(tx, actor, 'user.locations_changed', 'user', userId, { locationIds: assigned });
        const [employee] = await withLocations(tx, [user]);
        return employee!;
      }),

    /** The admin moves anyone of the shop; a grinder only themselves. The location joins the user's locations. */
    setCurrentLocation: (actor: Actor, userId: string, locationId: string) =>
      inTenant(actor, async (tx) => {
        const isAdmin = actor.role === 'ADMIN_GRINDING_SHOP';
        const isSelf = actor.role === 'GRINDER' && actor.userId === userId;
        if (!isAdmin && !isSelf) throw new AppError('authentication.FORBIDDEN');
        const user = await findUserById(tx, userId);
        if (!user) throw new AppError('authentication.USER_NOT_FOUND');
        await checkLocations(tx, [locationId]);
        const assigned = (await locationIdsOf(tx, [userId])).get(userId) ?? [];
        if (!assigned.includes(locationId))
          await replaceUserLocations(tx, actor.tenantId, userId, [...assigned, locationId]);
        await saveCurrentLocation(tx, actor.tenantId, userId, locationId);
        await audit(tx, actor, 'user.current_location_changed', 'user', userId, { locationId });
        const [employee] = await withLocations(tx, [user]);
        return employee!;
      }),

    ownCurrentLocation: (actor: Actor) => inTenant(actor, (tx) => requireCurrentLocation(tx, actor.userId)),
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
