import { NOTIFICATION_KINDS, type NotificationKind } from '@kerf/contracts';
import { Alert, Card, Checkbox, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { notifyError, notifySaved } from '../../../components/feedback';
import { useNotificationPreferences, useSetNotificationPreferences } from '../api/preferences';

/** Opt-in per notification kind: which ones also come by e-mail. */
export function EmailPreferencesCard() {
  const { t, i18n } = useTranslation();
  const query = useNotificationPreferences();
  const set = useSetNotificationPreferences();
  const toggle = async (kind: NotificationKind, on: boolean) => {
    const current = query.data?.emailKinds ?? [];
    const next = on ? [...current, kind] : current.filter((k) => k !== kind);
    try {
      await set.mutateAsync(next);
      notifySaved(t);
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('notifications.emailTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('notifications.emailExplain')}
        </Text>
        {query.error ? <ErrorAlert error={query.error} /> : null}
        {query.isPending ? (
          <Skeleton height={72} />
        ) : query.data ? (
          <>
            {query.data.email === null && (
              <Alert color="yellow" variant="light">
                {t('notifications.noEmail')}
              </Alert>
            )}
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={t(`notifications.kind.${kind}`)}
                checked={query.data.emailKinds.includes(kind)}
                disabled={set.isPending}
                onChange={(event) => void toggle(kind, event.currentTarget.checked)}
              />
            ))}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
