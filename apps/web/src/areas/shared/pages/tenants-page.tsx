import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { TenantsTable } from '../../../features/tenants';

/** Clients overview for the platform roles (system admin and customer service share it). */
export function TenantsPage() {
  const { t } = useTranslation();
  usePageTitle(t('tenants.title'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('tenants.title')}</Title>
        <TenantsTable />
      </Stack>
    </Container>
  );
}
