import { ASSIGNABLE_ROLES, type Employee, type FieldError, type Role } from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { findUserById, toUser } from '../auth/index';
import { listEmployees, locationIdsOf, replaceUserLocations } from './employees.repository';
import { countLocationsByIds } from './locations.repository';
import { reportUserView, visibleLocationIds } from './report-scope';

/** Users as employees, each with the ids of the locations they work at. */
export async function employeesWithLocations(
  tx: Tx,
  rows: Awaited<ReturnType<typeof listEmployees>>['rows'],
): Promise<Employee[]> {
  const locationIds = await locationIdsOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...toUser(row), printingShopIds: locationIds.get(row.id) ?? [] }));
}

/** Employees of the printing shop and the locations they work at (`user_locations`). */
export function createEmployeesService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  return {
    listEmployees: (
      actor: Actor,
      query: { page: number; page_size: number; locationIds?: string[]; search?: string },
    ) =>
      inTenant(actor, async (tx) => {
        const { rows, total } = await listEmployees(tx, {
          page: query.page,
          pageSize: query.page_size,
          locationIds: query.locationIds,
          search: query.search,
        });
        return {
          items: await employeesWithLocations(tx, rows),
          total,
          page: query.page,
          pageSize: query.page_size,
        };
      }),

    /** product.md §7 "reports user-view": the people a report can show, for the report filters. */
    reportUserView: (actor: Actor, locations?: string[]) =>
      inTenant(actor, async (tx) => reportUserView(tx, await visibleLocationIds(tx, actor, locations))),

    async setUserLocations(actor: Actor, userId: string, locationIds: string[]): Promise<Employee> {
      return inTenant(actor, async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw new AppError('authentication.USER_NOT_FOUND');
        if (!ASSIGNABLE_ROLES[actor.role].includes(user.role as Role))
          throw new AppError('authentication.ROLE_NOT_ASSIGNABLE');
        const distinct = [...new Set(locationIds)];
        if ((await countLocationsByIds(tx, distinct)) !== distinct.length) {
          const field: FieldError = { field: 'printingShopIds', in: 'body', code: 'INVALID_VALUE' };
          throw AppError.fields([field]);
        }
        await replaceUserLocations(tx, actor.tenantId, userId, distinct);
        await audit(tx, actor, 'user.locations_changed', 'user', userId, { locationIds: distinct });
        const [employee] = await employeesWithLocations(tx, [user]);
        return employee!;
      });
    },
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
