import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { useSelf } from '../../../features/session';
import { SystemTenantsTable } from '../../../features/system';

export function SystemTenantsPage() {
  const { t } = useTranslation();
  const self = useSelf();
  usePageTitle(t('systemAdmin.tenants.title'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('systemAdmin.tenants.title')}</Title>
          <Text c="dimmed">{t('systemAdmin.tenants.intro')}</Text>
        </Stack>
        <SystemTenantsTable ownTenantId={self.data?.tenant.id} />
      </Stack>
    </Container>
  );
}
