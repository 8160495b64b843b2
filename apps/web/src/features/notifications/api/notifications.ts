import {
  getNotificationPreferences,
  getNotificationSettings,
  listNotifications,
  listReportSubscriptions,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationKind,
  type ReportMailFrequency,
  type SetNotificationSettings,
  type SubscribeReport,
  setNotificationPreferences,
  setNotificationSettings,
  subscribeReport,
  unsubscribeReport,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useLiveEvent } from '../../../lib/live';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
  reportMails: () => ['notifications', 'report-subscriptions'] as const,
  settings: () => ['notifications', 'settings'] as const,
};

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => api(listNotifications, { query: { limit: 50 }, signal }),
    // the live event brings new ones; this catches what came while the socket was down
    refetchInterval: 120_000,
  });
}

/** New notifications of the signed-in user arrive over /api/live (NOTIFICATION, resource = user id). */
export function useNotificationsLive(userId: string | undefined) {
  const queryClient = useQueryClient();
  useLiveEvent(
    'NOTIFICATION',
    userId ? [userId] : [],
    () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
    { replayLastEvent: false, enabled: userId !== undefined },
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(markNotificationRead, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(markAllNotificationsRead, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

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
