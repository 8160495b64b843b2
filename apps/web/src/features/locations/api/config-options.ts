import {
  type ConfigOptionType,
  deleteConfigOption,
  getPrintingShopOptions,
  setConfigOption,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

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

export function useLocationOptions(id: string) {
  return useQuery({
    queryKey: locationKeys.options(id),
    queryFn: ({ signal }) => api(getPrintingShopOptions, { params: { id }, signal }),
  });
}
