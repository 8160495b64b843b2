import { Container, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBlade, IconScissors, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout';
import { EmployeesTable } from '../../../features/employees';
import { KnifeTable } from '../../../features/knives';
import {
  addressOf,
  KnifeIntervalEditor,
  LocationBreadcrumbs,
  LocationLoadError,
  useLocation,
  useLocationEmployees,
  useLocationMachines,
  useLocationOptions,
} from '../../../features/locations';
import { MachinesTable } from '../../../features/machines';
import { machinePath } from './machine-card';

const TABS = ['machines', 'knives', 'employees'] as const;
type Tab = (typeof TABS)[number];

/**
 * Location details for the manager (product.md §2: tabs Machine, Knife, Employee): the admin's blocks,
 * read-only where the manager may not edit; the knife swap interval is theirs to set.
 */
export function ManagerLocationDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = TABS.find((value) => value === searchParams.get('tab')) ?? 'machines';
  const location = useLocation(id);
  const options = useLocationOptions(id);
  const machines = useLocationMachines(id);
  const employees = useLocationEmployees(id);
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
          <Skeleton height={70} />
        ) : (
          <Stack gap={4}>
            <Title order={1} translate="no">
              {data.name}
            </Title>
            <Text c="dimmed" translate="no">
              {addressOf(data, i18n.language, { withCountry: true })}
            </Text>
          </Stack>
        )}
        <Paper p={0}>
          <KnifeIntervalEditor scope="PRINTING_SHOP" id={id} options={options.data} error={options.error} />
        </Paper>
        <Tabs
          value={tab}
          onChange={(value) =>
            setSearchParams(value && value !== 'machines' ? { tab: value } : {}, { replace: true })
          }
          keepMounted={false}
        >
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            <Tabs.Tab value="machines" leftSection={<IconScissors size={16} aria-hidden />}>
              {t('machines.title')}
            </Tabs.Tab>
            <Tabs.Tab value="knives" leftSection={<IconBlade size={16} aria-hidden />}>
              {t('sections.knives')}
            </Tabs.Tab>
            <Tabs.Tab value="employees" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('employees.title')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="machines" pt="md">
            <MachinesTable
              machines={machines.data}
              isLoading={machines.isPending}
              error={machines.error}
              onRetry={() => void machines.refetch()}
              printingShopId={id}
              readOnly
              machineHref={(machine) => machinePath(machine.id)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="knives" pt="md">
            <div data-testid="knife-table-slot">
              <KnifeTable locationId={id} />
            </div>
          </Tabs.Panel>
          <Tabs.Panel value="employees" pt="md">
            <EmployeesTable
              employees={employees.data}
              isLoading={employees.isPending}
              error={employees.error}
              onRetry={() => void employees.refetch()}
              printingShopId={id}
              readOnly
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
