import {
  type CreateUser,
  createGrindingEmployee,
  createUser,
  deleteUser,
  listRoles,
  setGrindingEmployeeLocations,
  setUserPrintingShops,
  updateUser,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ShopKind } from '../../locations';

export interface EmployeeSave {
  user: CreateUser;
  /** the locations the employee works at (printing or grinding shop's, after `kind`) */
  locationIds: string[];
}

/**
 * Creates or changes the user, then assigns the locations (the assignment replaces the old one). A
 * grinding shop creates the employee with their locations in one call, so a grinder is never without one.
 */
export function useSaveEmployee(id?: string, kind: ShopKind = 'printing-shop') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ user, locationIds }: EmployeeSave) => {
      if (kind === 'grinding-shop' && !id)
        return api(createGrindingEmployee, { body: { ...user, grindingShopIds: locationIds } });
      const saved = id
        ? await api(updateUser, {
            params: { id },
            body: { ...user, password: user.password ? user.password : undefined },
          })
        : await api(createUser, { body: user });
      return kind === 'grinding-shop'
        ? api(setGrindingEmployeeLocations, {
            params: { id: saved.id },
            body: { grindingShopIds: locationIds },
          })
        : api(setUserPrintingShops, { params: { id: saved.id }, body: { printingShopIds: locationIds } });
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteUser, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The roles the signed-in admin may give. */
export function useAssignableRoles() {
  return useQuery({
    queryKey: ['roles', 'assignable'],
    queryFn: ({ signal }) => api(listRoles, { query: { assignable_only: 'true' }, signal }),
  });
}
