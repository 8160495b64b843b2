import {
  type CreateUser,
  createUser,
  listEmployees,
  type UpdateUser,
  type User,
  updateUser,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const usersKey = ['users', 'own-tenant'] as const;

/** Every user of the signed-in admin's own tenant (tenants without locations: manufacturers). */
export function useTenantUsers() {
  return useQuery({
    queryKey: usersKey,
    queryFn: ({ signal }) => api(listEmployees, { query: { page: 0, page_size: 1000 }, signal }),
    select: (page): User[] => page.items,
  });
}

/** The fields a PUT replaces, from a user as read (the password stays unless one is sent). */
function updateBodyOf(user: User): UpdateUser {
  return {
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    personnelNumber: user.personnelNumber,
    role: user.role,
    active: user.active,
  };
}

/** Creates a user, or changes one (no location or service-area assignment). */
export function useSaveUser(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: CreateUser) =>
      id
        ? api(updateUser, {
            params: { id },
            body: { ...user, password: user.password ? user.password : undefined },
          })
        : api(createUser, { body: user }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** Deactivates or reactivates a user: they can no longer sign in, their history stays. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, active }: { user: User; active: boolean }) =>
      api(updateUser, { params: { id: user.id }, body: { ...updateBodyOf(user), active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
