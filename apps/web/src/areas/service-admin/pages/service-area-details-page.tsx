import { Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { usePageTitle } from '../../../components/layout';
import {
  ServiceAreaFormModal,
  ServiceEmployeesTable,
  ServiceMachinesTable,
  useServiceArea,
  useServiceAreaEmployees,
  useServiceAreaMachines,
} from '../../../features/customer-service';
import { BackButton } from '../../shared';
import { useDeleteAreaFlow } from './use-delete-area';

/** product.md §2: a service area with its employees and machines tables. */
export function ServiceAreaDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const area = useServiceArea(id);
  const employees = useServiceAreaEmployees(id);
  const machines = useServiceAreaMachines(id);
  const [editing, setEditing] = useState(false);
  const deleteArea = useDeleteAreaFlow();
  usePageTitle(area.data?.name ?? t('customerService.areas.title'));
  const data = area.data;
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <BackButton fallback="/service-admin" />
        {area.error ? (
          <ErrorAlert error={area.error} />
        ) : !data ? (
          <Skeleton height={80} />
        ) : (
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={1} translate="no">
                {data.name}
              </Title>
              <Text c="dimmed" translate="no">
                {data.customers.map((c) => c.name).join(', ') || t('customerService.areas.noCustomers')}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconPencil size={18} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('actions.edit')}
              </Button>
              <Button
                color="red.9"
                variant="outline"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={async () => {
                  if (await deleteArea(data)) void navigate('/service-admin');
                }}
              >
                {t('actions.delete')}
              </Button>
            </Group>
          </Group>
        )}
        <Title order={2} size="h3">
          {t('customerService.employeesTitle')}
        </Title>
        <ServiceEmployeesTable
          employees={employees.data}
          isLoading={employees.isPending}
          error={employees.error}
          onRetry={() => void employees.refetch()}
          serviceAreaId={id}
        />
        <Title order={2} size="h3">
          {t('customerService.machinesTitle')}
        </Title>
        <ServiceMachinesTable
          machines={machines.data}
          isLoading={machines.isPending}
          error={machines.error}
          onRetry={() => void machines.refetch()}
        />
      </Stack>
      {editing && data && <ServiceAreaFormModal area={data} onClose={() => setEditing(false)} />}
    </Container>
  );
}
