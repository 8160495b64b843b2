import { listUnusedSerialNumbers } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { machineKeys } from './keys';

/** Serial numbers of licences no machine uses yet: offered when creating an installed machine. */
export function useUnusedSerials(enabled: boolean) {
  return useQuery({
    queryKey: machineKeys.unusedSerials(),
    queryFn: ({ signal }) => api(listUnusedSerialNumbers, { signal }),
    enabled,
  });
}
