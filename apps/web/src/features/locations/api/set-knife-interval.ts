import { deleteConfigOption, setConfigOption } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type OptionScope = 'PRINTING_SHOP' | 'MACHINE' | 'KNIFE';

/** Sets the knife swap interval on a location, machine or knife; `null` removes it (it inherits again). */
export function useSetKnifeInterval(scope: OptionScope, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (value: number | null) => {
      const params = { scope, type: 'KNIFE_SWAP_INTERVAL' as const, id };
      if (value === null) await api(deleteConfigOption, { params });
      else await api(setConfigOption, { params, body: { value } });
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
