import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotifications, useNotificationsLive } from '../api/notifications';

/** The header's bell: unread count, live; opens the notifications page. */
export function NotificationBell({ to, userId }: { to: string; userId: string | undefined }) {
  const { t } = useTranslation();
  const query = useNotifications();
  useNotificationsLive(userId);
  const unread = query.data?.unread ?? 0;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <Tooltip label={label}>
      <Indicator
        disabled={unread === 0}
        label={unread > 99 ? '99+' : unread}
        size={18}
        color="red"
        offset={4}
        data-testid="notification-count"
      >
        <ActionIcon
          component={Link}
          to={to}
          variant="subtle"
          size="lg"
          aria-label={label}
          data-testid="notification-bell"
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
