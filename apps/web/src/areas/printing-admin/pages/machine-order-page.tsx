import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { countryName } from '../../../components/inputs';
import { usePageTitle } from '../../../components/layout';
import {
  type MachineLine,
  MachineListField,
  PriceSummary,
  useCuttingWidths,
  useMachineOrderSession,
  useOrderMachines,
  usePrice,
} from '../../../features/website';

const HOME = '/printing-admin';

/**
 * "Register new machine" inside the app (product.md §2 dashboard menu, the licence order): the signed-in
 * admin orders further machines for the own printing shop — installation and licence — as a binding
 * order with the terms accepted. The invoice goes to the dashboard, and each machine's licence waits
 * there as "ordered, awaiting installation" until the installed machine takes it.
 */
export function MachineOrderPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('money.order.title'));
  const [lines, setLines] = useState<MachineLine[]>([{ manufacturer: '', model: '', count: 1 }]);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const session = useMachineOrderSession();
  const widths = useCuttingWidths();
  const complete = lines.every((line) => line.manufacturer && line.model && line.count > 0);
  const registration = session.data?.registration;
  const request = registration
    ? {
        country: registration.country,
        currency: registration.currency,
        vatNumber: registration.vatNumber,
        machines: lines,
      }
    : null;
  const price = usePrice(request, { enabled: complete });
  const order = useOrderMachines();
  const submit = () => {
    if (!acceptTerms) {
      setTermsError(true);
      return;
    }
    order.mutate({ token: session.data!.token, machines: lines, acceptTerms });
  };

  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Anchor component={Link} to={HOME} size="sm">
          {t('money.order.back')}
        </Anchor>
        <Title order={1}>{t('money.order.title')}</Title>
      </Stack>
      <Text>{t('money.order.intro')}</Text>
      {session.isError ? (
        <ErrorAlert error={session.error} />
      ) : !registration || !widths.data ? (
        <Skeleton h={260} />
      ) : order.isSuccess ? (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          title={t('website.licenceOrder.doneTitle')}
          role="status"
          data-testid="machine-order-done"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {t('money.order.done', {
                number: order.data.invoiceNumber,
                machines: t('websiteForms.price.machines', { count: order.data.machineCount }),
              })}
            </Text>
            <Button component={Link} to={HOME}>
              {t('money.order.toDashboard')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Table variant="vertical" layout="fixed" withTableBorder>
              <Table.Tbody>
                {[
                  [t('registration.company'), registration.company],
                  [t('registration.tenantId'), registration.tenantId],
                  [t('registration.country'), countryName(registration.country, i18n.language)],
                  [t('websiteForms.currency'), registration.currency],
                  [t('registration.vatNumber'), registration.vatNumber ?? '—'],
                  [
                    t('money.order.orderedSoFar'),
                    t('websiteForms.price.machines', { count: registration.machineCount }),
                  ],
                ].map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w={{ base: 140, sm: 220 }}>{label}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }} dir="auto">
                      {value}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <MachineListField value={lines} onChange={setLines} models={widths.data.models} />
            {price.isError ? (
              <ErrorAlert error={price.error} />
            ) : price.data ? (
              <PriceSummary price={price.data} />
            ) : complete ? (
              <Skeleton h={160} />
            ) : null}
            <Checkbox
              data-testid="order-terms"
              checked={acceptTerms}
              onChange={(event) => {
                setAcceptTerms(event.currentTarget.checked);
                setTermsError(false);
              }}
              error={termsError ? t('money.order.termsRequired') : undefined}
              label={
                <>
                  {t('registration.acceptTerms')}{' '}
                  <Anchor component={Link} to="/terms" target="_blank" inherit>
                    {t('website.nav.terms')}
                  </Anchor>
                </>
              }
            />
            {order.isError && <ErrorAlert error={order.error} />}
            <Text size="xs" c="dimmed">
              {t('website.licenceOrder.binding')}
            </Text>
            <Group justify="flex-end">
              <Button onClick={submit} loading={order.isPending} disabled={!complete || !price.data}>
                {t('website.licenceOrder.order')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
