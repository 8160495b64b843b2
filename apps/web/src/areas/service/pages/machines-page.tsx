import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { ServiceMachinesTable, useServiceMachines } from '../../../features/customer-service';

export function MachinesPage() {
  const { t } = useTranslation();
  const machines = useServiceMachines();
  usePageTitle(t('customerService.machinesTitle'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('customerService.machinesTitle')}</Title>
        <ServiceMachinesTable
          machines={machines.data}
          isLoading={machines.isPending}
          error={machines.error}
          onRetry={() => void machines.refetch()}
          hrefOf={(machine) => encodeURIComponent(machine.serialNumber)}
        />
      </Stack>
    </Container>
  );
}
