import { type ConfigOptionType, deleteConfigOption, setConfigOption } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type OptionScope = 'PRINTING_SHOP' | 'MACHINE' | 'KNIFE';

/** Sets a config option on a location, machine or knife; `null` removes it (it inherits again). */
export function useSetConfigOption(scope: OptionScope, type: ConfigOptionType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (value: number | null) => {
      const params = { scope, type, id };
      if (value === null) await api(deleteConfigOption, { params });
      else await api(setConfigOption, { params, body: { value } });
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
