import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { MailOutboxTable } from '../../../features/system';

export function MailOutboxPage() {
  const { t } = useTranslation();
  usePageTitle(t('systemAdmin.mails.title'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('systemAdmin.mails.title')}</Title>
          <Text c="dimmed">{t('systemAdmin.mails.intro')}</Text>
        </Stack>
        <MailOutboxTable />
      </Stack>
    </Container>
  );
}
