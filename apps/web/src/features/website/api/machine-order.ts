import { acquireAdditionalMachineToken, getRegistration, orderAdditionalMachines } from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { websiteKeys } from './keys';

/**
 * The order of further machines inside the app: a one-time token for the shop's registration and the
 * registration it opens (kept half an hour; an order uses the token up).
 */
export function useMachineOrderSession() {
  return useQuery({
    queryKey: websiteKeys.machineOrder(),
    staleTime: 30 * 60 * 1000,
    queryFn: async () => {
      const token = await api(acquireAdditionalMachineToken);
      const registration = await api(getRegistration, {
        params: { id: token.registrationId },
        headers: { 'api-token': token.token },
      });
      return { token, registration };
    },
  });
}

/** Orders the machines with the session's token; afterwards the token is gone and everything is read again. */
export function useOrderMachines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      token,
      machines,
      acceptTerms,
    }: {
      token: { registrationId: string; token: string };
      machines: { manufacturer: string; model: string; count: number }[];
      acceptTerms: boolean;
    }) =>
      api(orderAdditionalMachines, {
        params: { id: token.registrationId },
        headers: { 'api-token': token.token },
        body: { machines, acceptTerms },
      }),
    onSuccess: () => {
      // the token is used up: a next order gets a fresh one; the dashboard shows the new invoice
      queryClient.removeQueries({ queryKey: websiteKeys.machineOrder() });
      void queryClient.invalidateQueries();
    },
  });
}
