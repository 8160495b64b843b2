import { type CreateUser, createUser, setUserPrintingShops, updateUser } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface EmployeeSave {
  user: CreateUser;
  printingShopIds: string[];
}

/** Creates or changes the user, then assigns the locations (the assignment replaces the old one). */
export function useSaveEmployee(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ user, printingShopIds }: EmployeeSave) => {
      const saved = id
        ? await api(updateUser, {
            params: { id },
            body: { ...user, password: user.password ? user.password : undefined },
          })
        : await api(createUser, { body: user });
      return api(setUserPrintingShops, { params: { id: saved.id }, body: { printingShopIds } });
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
