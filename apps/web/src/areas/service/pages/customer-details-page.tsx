import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { orEmpty } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/errors';
import { usePageTitle } from '../../../components/layout';
import { ServiceMachinesTable, useCustomerDetails } from '../../../features/customer-service';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { BackButton } from '../../shared';

/** A customer (tenant) with its contact (support) and its machines table. */
export function CustomerDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const details = useCustomerDetails(id);
  const data = details.data;
  usePageTitle(data?.customer.name ?? t('customerService.customer'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <BackButton fallback="/service/tenants" />
        {details.error ? (
          <ErrorAlert
            error={details.error}
            action={
              <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void details.refetch()}>
                {t('actions.retry')}
              </Button>
            }
          />
        ) : !data ? (
          <Skeleton height={120} />
        ) : (
          <>
            <Stack gap={4}>
              <Title order={1} translate="no">
                {data.customer.name}
              </Title>
              <Group gap="md">
                <Text c="dimmed" ff="monospace" dir="ltr" translate="no">
                  {data.customer.slug}
                </Text>
                <Text c="dimmed">{translateKey(t, `tenants.kinds.${data.customer.kind}`)}</Text>
                <Text c="dimmed" translate="no">
                  {data.customer.serviceAreas.map((area) => area.name).join(', ')}
                </Text>
              </Group>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Card withBorder radius="md">
                <Text size="sm" c="dimmed">
                  {t('customerService.machines')}
                </Text>
                <Text fz="xl" fw={700}>
                  {formatNumber(data.customer.machineCount, i18n.language)}
                </Text>
              </Card>
              <Card withBorder radius="md">
                <Text size="sm" c="dimmed">
                  {t('customerService.online')}
                </Text>
                <Text fz="xl" fw={700}>
                  {formatNumber(data.customer.onlineMachineCount, i18n.language)}
                </Text>
              </Card>
              {data.contact && (
                <Card withBorder radius="md">
                  <Text size="sm" c="dimmed">
                    {t('customerService.contact')}
                  </Text>
                  <Text fw={600} translate="no">
                    {orEmpty(data.contact.name)}
                  </Text>
                  {/* each link a full 24 px target (WCAG 2.2 target size) */}
                  {data.contact.phone && (
                    <Anchor href={`tel:${data.contact.phone}`} dir="ltr" size="sm" display="block" lh="28px">
                      {data.contact.phone}
                    </Anchor>
                  )}
                  {data.contact.email && (
                    <Anchor
                      href={`mailto:${data.contact.email}`}
                      dir="ltr"
                      size="sm"
                      display="block"
                      lh="28px"
                    >
                      {data.contact.email}
                    </Anchor>
                  )}
                </Card>
              )}
            </SimpleGrid>
            <Title order={2} size="h3">
              {t('customerService.machinesTitle')}
            </Title>
            <ServiceMachinesTable
              machines={data.machines}
              isLoading={false}
              error={null}
              onRetry={() => void details.refetch()}
              showCustomer={false}
              hrefOf={(machine) => `/service/machines/${encodeURIComponent(machine.serialNumber)}`}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
