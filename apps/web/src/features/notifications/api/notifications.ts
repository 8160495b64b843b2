import { listNotifications, markAllNotificationsRead, markNotificationRead } from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useLiveEvent } from '../../../lib/live';
import { notificationKeys } from './keys';

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
