import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { EventLoopPanel, IngestHealthPanel, JobsTable } from '../../../features/system';

/** Ingest health of this instance, its event loop and the background jobs. */
export function OperationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('systemAdmin.operations.title'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('systemAdmin.operations.title')}</Title>
          <Text c="dimmed">{t('systemAdmin.operations.intro')}</Text>
        </Stack>
        <Stack gap="sm">
          <Title order={2}>{t('systemAdmin.ingest.title')}</Title>
          <IngestHealthPanel />
        </Stack>
        <Stack gap="sm">
          <Title order={2}>{t('systemAdmin.eventLoop.title')}</Title>
          <EventLoopPanel />
        </Stack>
        <JobsTable />
      </Stack>
    </Container>
  );
}
