import { licenseCuttingMachine } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Gives an installed machine one of the licences the shop ordered; every view is read again after. */
export function useLicenseMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ machineId, licenceId }: { machineId: string; licenceId: string | null }) =>
      api(licenseCuttingMachine, { params: { id: machineId }, body: { licenceId: licenceId ?? undefined } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
