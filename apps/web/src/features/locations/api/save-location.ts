import { createPrintingShop, type LocationInput, updatePrintingShop } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './keys';

/** Creates a location, or changes it when `id` is given. */
export function useSaveLocation(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationInput) =>
      id ? api(updatePrintingShop, { params: { id }, body }) : api(createPrintingShop, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
