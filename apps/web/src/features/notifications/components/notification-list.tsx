import type { Notification } from '@kerf/contracts';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBellOff, IconBlade, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState, notifyError } from '../../../components/feedback';
import { DateText } from '../../../components/format';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';

const ICONS = {
  KNIFE_SWAP_REQUIRED: IconBlade,
  MACHINE_OFFLINE: IconPlugConnectedX,
  LONG_INTERRUPTION: IconAlertTriangle,
} as const;

function NotificationRow({ item }: { item: Notification }) {
  const { t, i18n } = useTranslation();
  const markRead = useMarkRead();
  const Icon = ICONS[item.kind];
  const unread = item.readAt === null;
  return (
    <Card withBorder radius="md" p="md" data-testid="notification" data-unread={unread}>
      {/* the button goes under the text where both do not fit side by side (a phone) */}
      <Group justify="space-between" align="flex-start" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ flex: '1 1 16rem' }}>
          <Icon size={22} aria-hidden />
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={unread ? 700 : 500}>{t(`notifications.kind.${item.kind}`)}</Text>
              {unread && (
                <Badge size="sm" color="red" variant="light">
                  {t('notifications.new')}
                </Badge>
              )}
            </Group>
            <Text size="sm">
              {t(`notifications.text.${item.kind}`, {
                machine: item.machineName ?? '',
                knife: item.knifeRfid ?? '',
                status: item.status ? t(`status.machine.${item.status}`) : '',
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('notifications.since')} <DateText value={item.since} withTime />
            </Text>
          </Stack>
        </Group>
        {unread && (
          <Button
            size="xs"
            variant="subtle"
            ms="auto"
            style={{ flexShrink: 0 }}
            loading={markRead.isPending}
            onClick={() => markRead.mutateAsync(item.id).catch((error) => notifyError(error, t, i18n))}
          >
            {t('notifications.markRead')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The user's notifications, newest first, with "mark read" and "mark all read". */
export function NotificationList() {
  const { t, i18n } = useTranslation();
  const query = useNotifications();
  const markAll = useMarkAllRead();
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('notifications.listTitle')}
        </Title>
        <Button
          size="xs"
          variant="light"
          disabled={!query.data || query.data.unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutateAsync().catch((error) => notifyError(error, t, i18n))}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      {query.error ? <ErrorAlert error={query.error} /> : null}
      {query.isPending ? (
        <Skeleton height={80} />
      ) : query.data && query.data.items.length === 0 ? (
        <EmptyState
          title={t('notifications.emptyTitle')}
          description={t('notifications.emptyText')}
          icon={<IconBellOff aria-hidden />}
        />
      ) : (
        query.data?.items.map((item) => <NotificationRow key={item.id} item={item} />)
      )}
    </Stack>
  );
}
