import {
  listReportSubscriptions,
  type ReportMailFrequency,
  type SubscribeReport,
  subscribeReport,
  unsubscribeReport,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './keys';

export function useReportSubscriptions() {
  return useQuery({
    queryKey: notificationKeys.reportMails(),
    queryFn: ({ signal }) => api(listReportSubscriptions, { signal }),
  });
}

export function useSetReportSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { frequency: ReportMailFrequency; on: boolean; body: SubscribeReport }) =>
      input.on
        ? api(subscribeReport, { params: { frequency: input.frequency }, body: input.body })
        : api(unsubscribeReport, { params: { frequency: input.frequency } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.reportMails() }),
  });
}
