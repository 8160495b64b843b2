import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { AuditLogTable } from '../../../features/system';

export function AuditLogPage() {
  const { t } = useTranslation();
  usePageTitle(t('systemAdmin.audit.title'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('systemAdmin.audit.title')}</Title>
          <Text c="dimmed">{t('systemAdmin.audit.intro')}</Text>
        </Stack>
        <AuditLogTable />
      </Stack>
    </Container>
  );
}
