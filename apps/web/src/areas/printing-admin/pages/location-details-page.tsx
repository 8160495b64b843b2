import { Button, Container, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconNetwork, IconPencil, IconScissors, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout';
import { EmployeesTable } from '../../../features/employees';
import {
  addressOf,
  KnifeIntervalEditor,
  LocationBreadcrumbs,
  LocationFormModal,
  LocationLoadError,
  NoCutsPromptEditor,
  useDeleteLocationFlow,
  useLocation,
  useLocationEmployees,
  useLocationMachines,
  useLocationOptions,
} from '../../../features/locations';
import { MachinesTable } from '../../../features/machines';
import { NetworkDetails } from '../../../features/network';
import { formatNumber } from '../../../lib/format';

const TABS = ['employees', 'machines', 'network'] as const;
type Tab = (typeof TABS)[number];

/** Location details: header with name, address and actions; tabs Employees, Machines, Network details. */
export function LocationDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = TABS.find((value) => value === searchParams.get('tab')) ?? 'employees';
  const location = useLocation(id);
  const options = useLocationOptions(id);
  const machines = useLocationMachines(id);
  const employees = useLocationEmployees(id);
  const [editing, setEditing] = useState(false);
  const deleteLocation = useDeleteLocationFlow();
  usePageTitle(location.data?.name ?? t('sections.locations'));

  const crumbs = <LocationBreadcrumbs name={location.data?.name} />;
  if (location.error) {
    return <LocationLoadError error={location.error} onRetry={() => void location.refetch()} />;
  }
  const data = location.data;

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        {crumbs}
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
                  <IconScissors size={14} aria-hidden />
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
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <KnifeIntervalEditor scope="PRINTING_SHOP" id={id} options={options.data} error={options.error} />
          <NoCutsPromptEditor scope="PRINTING_SHOP" id={id} options={options.data} error={options.error} />
        </SimpleGrid>
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
            <Tabs.Tab value="machines" leftSection={<IconScissors size={16} aria-hidden />}>
              {t('machines.title')}
            </Tabs.Tab>
            <Tabs.Tab value="network" leftSection={<IconNetwork size={16} aria-hidden />}>
              {t('network.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="employees" pt="md">
            <EmployeesTable
              employees={employees.data}
              isLoading={employees.isPending}
              error={employees.error}
              onRetry={() => void employees.refetch()}
              printingShopId={id}
            />
          </Tabs.Panel>
          <Tabs.Panel value="machines" pt="md">
            <MachinesTable
              machines={machines.data}
              isLoading={machines.isPending}
              error={machines.error}
              onRetry={() => void machines.refetch()}
              printingShopId={id}
            />
          </Tabs.Panel>
          <Tabs.Panel value="network" pt="md">
            <NetworkDetails
              machines={machines.data}
              isLoading={machines.isPending}
              error={machines.error}
              onRetry={() => void machines.refetch()}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {editing && data && <LocationFormModal opened location={data} onClose={() => setEditing(false)} />}
    </Container>
  );
}
