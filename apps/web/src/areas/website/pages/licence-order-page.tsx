import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { usePageTitle, WebsiteLayout } from '../../../components/layout';
import { tokenStore } from '../../../lib/api';

/** Where the signed-in admin orders further machines: inside the app, which knows the tenant. */
export const MACHINE_ORDER_PATH = '/printing-admin/machines/order';

const hasTokens = () => tokenStore.get() !== null;

/**
 * product.md §2 "licence order" on the website: it explains the order and leads into the app, where the
 * signed-in administrator orders (with the terms) — a public page never sends a binding order itself.
 */
function LicenceOrderPage() {
  const { t } = useTranslation();
  usePageTitle(t('website.licenceOrder.title'));
  const signedIn = useSyncExternalStore(tokenStore.subscribe, hasTokens, () => false);
  if (signedIn) return <Navigate to={MACHINE_ORDER_PATH} replace />;
  return (
    <WebsiteLayout>
      <Container size={760} py={{ base: 32, sm: 56 }}>
        <Stack gap="lg">
          <Title order={1}>{t('website.licenceOrder.title')}</Title>
          <Text>{t('website.licenceOrder.intro')}</Text>
          <Alert title={t('website.licenceOrder.loginTitle')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('website.licenceOrder.loginText')}</Text>
              <Button component={Link} to="/login" state={{ returnTo: MACHINE_ORDER_PATH }}>
                {t('website.login')}
              </Button>
            </Stack>
          </Alert>
        </Stack>
      </Container>
    </WebsiteLayout>
  );
}

export const Component = LicenceOrderPage;
