import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { ManufacturerAccessList, SupportAccessesTable } from '../../../features/customer-service';
import { TeamsCard, WorksCouncilCard } from '../../../features/integrations';

/** Who from customer service or a manufacturer looked at what, and which manufacturers may see the machines. */
export function AccessPage() {
  const { t } = useTranslation();
  usePageTitle(t('customerService.accessLog.pageTitle'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('customerService.accessLog.pageTitle')}</Title>
        <WorksCouncilCard />
        <TeamsCard />
        <Title order={2} size="h3">
          {t('manufacturer.grants.title')}
        </Title>
        <ManufacturerAccessList />
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('customerService.accessLog.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('customerService.accessLog.explain')}
          </Text>
        </Stack>
        <SupportAccessesTable />
      </Stack>
    </Container>
  );
}
