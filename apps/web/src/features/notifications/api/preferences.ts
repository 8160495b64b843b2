import {
  getNotificationPreferences,
  type NotificationKind,
  setNotificationPreferences,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './keys';

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => api(getNotificationPreferences, { signal }),
  });
}

export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailKinds: NotificationKind[]) => api(setNotificationPreferences, { body: { emailKinds } }),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences(), data),
  });
}
