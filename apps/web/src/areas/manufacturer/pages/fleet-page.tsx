import { Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { FleetTable, useFleet } from '../../../features/customer-service';

const PERIODS = [7, 30, 90, 365] as const;

/** The fleet: machines of the manufacturer's make at customers who granted access; no employee data. */
export function FleetPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState('30');
  const fleet = useFleet(Number(days));
  usePageTitle(t('manufacturer.fleetTitle'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t('manufacturer.fleetTitle')}</Title>
            <Text c="dimmed">
              {fleet.data?.make
                ? t('manufacturer.fleetHint', { make: fleet.data.make })
                : t('manufacturer.noMachinesHint')}
            </Text>
          </Stack>
          <Select
            label={t('customerService.period')}
            allowDeselect={false}
            data={PERIODS.map((n) => ({
              value: String(n),
              label: t(`customerService.periods.d${n as 7 | 30 | 90 | 365}`),
            }))}
            value={days}
            onChange={(value) => setDays(value ?? '30')}
            w={200}
          />
        </Group>
        <FleetTable
          machines={fleet.data?.machines}
          isLoading={fleet.isPending}
          error={fleet.error}
          onRetry={() => void fleet.refetch()}
        />
      </Stack>
    </Container>
  );
}
