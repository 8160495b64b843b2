import { REPORT_MAIL_FREQUENCIES, type ReportMailFrequency } from '@kerf/contracts';
import { Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { notifyError, notifySaved } from '../../../components/feedback';
import { DateText } from '../../../components/format';
import { languageOf, useLocale } from '../../../lib/i18n';
import { useReportSubscriptions, useSetReportSubscription } from '../api/report-subscriptions';

/** The manager's scheduled report e-mails: daily and weekly, each on or off. */
export function ReportMailsCard() {
  const { t, i18n } = useTranslation();
  const { locale } = useLocale();
  const query = useReportSubscriptions();
  const set = useSetReportSubscription();
  const onChange = async (frequency: ReportMailFrequency, on: boolean) => {
    try {
      await set.mutateAsync({
        frequency,
        on,
        body: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, language: languageOf(locale) },
      });
      notifySaved(t);
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('notifications.reportMailsTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('notifications.reportMailsExplain')}
        </Text>
        {query.error ? <ErrorAlert error={query.error} /> : null}
        {query.isPending ? (
          <Skeleton height={60} />
        ) : (
          REPORT_MAIL_FREQUENCIES.map((frequency) => {
            const subscription = query.data?.find((s) => s.frequency === frequency);
            return (
              <Group key={frequency} justify="space-between" wrap="wrap">
                <Switch
                  checked={subscription !== undefined}
                  disabled={set.isPending}
                  label={t(`notifications.frequency.${frequency}`)}
                  data-testid={`report-mail-${frequency.toLowerCase()}`}
                  onChange={(event) => void onChange(frequency, event.currentTarget.checked)}
                />
                {subscription?.lastSentAt && (
                  <Text size="sm" c="dimmed">
                    {t('notifications.lastSent')} <DateText value={subscription.lastSentAt} withTime />
                  </Text>
                )}
              </Group>
            );
          })
        )}
      </Stack>
    </Card>
  );
}
