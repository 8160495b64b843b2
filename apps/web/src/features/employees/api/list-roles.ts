import { listRoles } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The roles the signed-in admin may give. */
export function useAssignableRoles() {
  return useQuery({
    queryKey: ['roles', 'assignable'],
    queryFn: ({ signal }) => api(listRoles, { query: { assignable_only: 'true' }, signal }),
  });
}
