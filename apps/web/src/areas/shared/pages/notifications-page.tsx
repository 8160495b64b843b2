import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import {
  EmailPreferencesCard,
  NotificationList,
  NotificationSettingsCard,
  ReportMailsCard,
} from '../../../features/notifications';

/**
 * Notifications of a printing-shop manager or admin (issue 18): the list (mark read, mark all read),
 * which kinds also come by e-mail and, for managers, the scheduled report e-mails; for admins the
 * tenant's shift window and interruption threshold.
 */
export function NotificationsPage({
  reportMails = false,
  settings = false,
}: {
  reportMails?: boolean;
  /** the tenant's shift window and threshold (admins) */
  settings?: boolean;
}) {
  const { t } = useTranslation();
  usePageTitle(t('notifications.title'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('notifications.title')}</Title>
        <NotificationList />
        <EmailPreferencesCard />
        {reportMails && <ReportMailsCard />}
        {settings && <NotificationSettingsCard />}
      </Stack>
    </Container>
  );
}
