import type { GrindingShop } from '@kerf/contracts';
import { Button, Container, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPencil, IconTool, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout';
import { EmployeesTable } from '../../../features/employees';
import { GrindingMachinesTable, useGrindingMachines } from '../../../features/grinding-machines';
import {
  addressOf,
  LocationBreadcrumbs,
  LocationFormModal,
  LocationLoadError,
  useDeleteLocationFlow,
  useGrindingShop,
  useGrindingShopEmployees,
  useMinimalLocations,
} from '../../../features/locations';
import { formatNumber } from '../../../lib/format';

const TABS = ['employees', 'machines'] as const;
type Tab = (typeof TABS)[number];

/** Location details: header with name, address and actions; tabs Employees and Machines (product.md §2). */
export function LocationDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = TABS.find((value) => value === searchParams.get('tab')) ?? 'employees';
  const location = useGrindingShop(id);
  const machines = useGrindingMachines(id);
  const employees = useGrindingShopEmployees(id);
  const locations = useMinimalLocations('grinding-shop');
  const [editing, setEditing] = useState(false);
  const deleteLocation = useDeleteLocationFlow('grinding-shop');
  usePageTitle(location.data?.name ?? t('sections.locations'));

  if (location.error) {
    return <LocationLoadError error={location.error} onRetry={() => void location.refetch()} />;
  }
  const data = location.data;

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <LocationBreadcrumbs name={data?.name} />
        {!data ? (
          <Skeleton height={90} />
        ) : (
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={1} translate="no">
                {data.name}
              </Title>
              <Text c="dimmed" translate="no">
                {addressOf(data, i18n.language, { withCountry: true })}
              </Text>
              <Group gap="md">
                <Group gap={4} wrap="nowrap">
                  <IconTool size={14} aria-hidden />
                  <Text size="sm">
                    {t('locations.machineCount', {
                      formatted: formatNumber(data.numberOfMachines, i18n.language),
                    })}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <IconUsers size={14} aria-hidden />
                  <Text size="sm">
                    {t('locations.employeeCount', {
                      formatted: formatNumber(data.numberOfEmployees, i18n.language),
                    })}
                  </Text>
                </Group>
              </Group>
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
                  if (await deleteLocation(data)) void navigate('..', { relative: 'path' });
                }}
              >
                {t('actions.delete')}
              </Button>
            </Group>
          </Group>
        )}
        <Tabs
          value={tab}
          onChange={(value) =>
            setSearchParams(value && value !== 'employees' ? { tab: value } : {}, { replace: true })
          }
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="employees" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('employees.title')}
            </Tabs.Tab>
            <Tabs.Tab value="machines" leftSection={<IconTool size={16} aria-hidden />}>
              {t('grindingAdmin.machines.title')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="employees" pt="md">
            <EmployeesTable
              kind="grinding-shop"
              employees={employees.data}
              isLoading={employees.isPending}
              error={employees.error}
              onRetry={() => void employees.refetch()}
              printingShopId={id}
            />
          </Tabs.Panel>
          <Tabs.Panel value="machines" pt="md">
            <GrindingMachinesTable
              machines={machines.data}
              isLoading={machines.isPending}
              error={machines.error}
              onRetry={() => void machines.refetch()}
              locationId={id}
              locations={locations.data ?? []}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {editing && data && (
        <LocationFormModal<GrindingShop>
          opened
          kind="grinding-shop"
          location={data}
          onClose={() => setEditing(false)}
        />
      )}
    </Container>
  );
}
