import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { usePageTitle, WebsiteLayout } from '../../../components/layout';
import {
  acquireMachineToken,
  fetchCuttingWidths,
  fetchPrice,
  fetchRegistration,
  type MachineLine,
  MachineListField,
  orderMachines,
  PriceSummary,
  websiteKeys,
} from '../../../features/website';
import { tokenStore } from '../../../lib/api';

/**
 * spec §2 "licence order": a registered printing shop orders more machines. The signed-in admin gets
 * a short-lived api-token (`/tokens/additional-machine-registration/acquire`) and orders with it.
 */
export function LicenceOrderPage() {
  const { t } = useTranslation();
  usePageTitle(t('website.licenceOrder.title'));
  const signedIn = Boolean(tokenStore.get());
  const [lines, setLines] = useState<MachineLine[]>([{ manufacturer: '', model: '', count: 1 }]);
  const session = useQuery({
    queryKey: [...websiteKeys.all, 'licence-order'],
    enabled: signedIn,
    staleTime: 30 * 60 * 1000,
    queryFn: async () => {
      const token = await acquireMachineToken();
      const registration = await fetchRegistration(token.registrationId, token.token);
      return { token, registration };
    },
  });
  const widths = useQuery({ queryKey: websiteKeys.widths(), queryFn: fetchCuttingWidths });
  const complete = lines.every((line) => line.manufacturer && line.model && line.count > 0);
  const request = session.data
    ? {
        country: session.data.registration.country,
        currency: session.data.registration.currency,
        vatNumber: session.data.registration.vatNumber,
        machines: lines,
      }
    : null;
  const price = useQuery({
    queryKey: websiteKeys.price(request ?? ({} as never)),
    enabled: Boolean(request && complete),
    queryFn: () => fetchPrice(request!),
  });
  const order = useMutation({
    mutationFn: () => orderMachines(session.data!.token.registrationId, session.data!.token.token, lines),
  });

  return (
    <WebsiteLayout>
      <Container size={760} py={{ base: 32, sm: 56 }}>
        <Stack gap="lg">
          <Title order={1}>{t('website.licenceOrder.title')}</Title>
          <Text>{t('website.licenceOrder.intro')}</Text>
          {!signedIn ? (
            <Alert title={t('website.licenceOrder.loginTitle')}>
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{t('website.licenceOrder.loginText')}</Text>
                <Button component={Link} to="/login" state={{ returnTo: '/licence-order' }}>
                  {t('website.login')}
                </Button>
              </Stack>
            </Alert>
          ) : session.isError ? (
            <ErrorAlert error={session.error} />
          ) : !session.data || !widths.data ? (
            <Skeleton h={220} />
          ) : order.isSuccess ? (
            <Alert
              color="green"
              icon={<IconCircleCheck aria-hidden />}
              title={t('website.licenceOrder.doneTitle')}
              role="status"
            >
              {t('website.licenceOrder.doneText', {
                number: order.data.invoiceNumber,
                machines: t('websiteForms.price.machines', { count: order.data.machineCount }),
              })}
            </Alert>
          ) : (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                <Text c="dimmed" size="sm">
                  {t('website.licenceOrder.current', {
                    company: session.data.registration.company,
                    machines: t('websiteForms.price.machines', {
                      count: session.data.registration.machineCount,
                    }),
                  })}
                </Text>
                <MachineListField value={lines} onChange={setLines} models={widths.data.models} />
                {price.data && <PriceSummary price={price.data} />}
                {order.isError && <ErrorAlert error={order.error} />}
                <Group justify="flex-end">
                  <Button
                    onClick={() => order.mutate()}
                    loading={order.isPending}
                    disabled={!complete || !price.data}
                  >
                    {t('website.licenceOrder.order')}
                  </Button>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('website.licenceOrder.binding')}
                </Text>
              </Stack>
            </Paper>
          )}
        </Stack>
      </Container>
    </WebsiteLayout>
  );
}

export const Component = LicenceOrderPage;
