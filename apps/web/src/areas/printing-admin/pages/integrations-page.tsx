import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { ApiKeysPanel, OrderImportPanel, WebhooksPanel } from '../../../features/integrations';

/** ERP, BDE and CRM integration: the tenant's API keys and webhooks. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('integrations.pageTitle'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('integrations.pageTitle')}</Title>
          <Text c="dimmed" maw={760}>
            {t('integrations.intro')}
          </Text>
        </Stack>
        <ApiKeysPanel />
        <WebhooksPanel />
        <OrderImportPanel />
      </Stack>
    </Container>
  );
}
