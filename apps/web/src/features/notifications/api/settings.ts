import {
  getNotificationSettings,
  type SetNotificationSettings,
  setNotificationSettings,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './keys';

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => api(getNotificationSettings, { signal }),
  });
}

export function useSetNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetNotificationSettings) => api(setNotificationSettings, { body }),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.settings(), data),
  });
}
