import { SimpleGrid, Stack } from '@mantine/core';
import { IconCalendarTime, IconDeviceTv, IconNetwork, IconScissors, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BoardLinksPanel } from '../../../features/board';
import { EmployeesTable } from '../../../features/employees';
import {
  KnifeIntervalEditor,
  NoCutsPromptEditor,
  useLocation,
  useLocationEmployees,
  useLocationMachines,
  useLocationOptions,
} from '../../../features/locations';
import { MachinesTable } from '../../../features/machines';
import { NetworkDetails } from '../../../features/network';
import { PlannedTimeTable, ShiftCalendarEditor } from '../../../features/shift-calendar';
import { LocationDetails } from '../../shared/pages/location-details-page';

/**
 * Location details: header with name, address and actions; tabs Employees, Machines, Network details,
 * the shift calendar with the planned production time it gives and the shop-floor board links (issue 36).
 */
export function LocationDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation(id);
  const options = useLocationOptions(id);
  const machines = useLocationMachines(id);
  const employees = useLocationEmployees(id);

  return (
    <LocationDetails
      location={location}
      manage={{ kind: 'printing-shop', machineIcon: IconScissors }}
      settings={
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <KnifeIntervalEditor scope="PRINTING_SHOP" id={id} options={options.data} error={options.error} />
          <NoCutsPromptEditor scope="PRINTING_SHOP" id={id} options={options.data} error={options.error} />
        </SimpleGrid>
      }
      tabs={[
        {
          value: 'employees',
          label: t('employees.title'),
          icon: <IconUsers size={16} aria-hidden />,
          panel: (
            <EmployeesTable
              employees={employees.data}
              isLoading={employees.isPending}
              error={employees.error}
              onRetry={() => void employees.refetch()}
              printingShopId={id}
            />
          ),
        },
        {
          value: 'machines',
          label: t('machines.title'),
          icon: <IconScissors size={16} aria-hidden />,
          panel: (
            <MachinesTable
              machines={machines.data}
              isLoading={machines.isPending}
              error={machines.error}
              onRetry={() => void machines.refetch()}
              printingShopId={id}
            />
          ),
        },
        {
          value: 'network',
          label: t('network.tab'),
          icon: <IconNetwork size={16} aria-hidden />,
          panel: (
            <NetworkDetails
              machines={machines.data}
              isLoading={machines.isPending}
              error={machines.error}
              onRetry={() => void machines.refetch()}
            />
          ),
        },
        {
          value: 'shift-calendar',
          label: t('shiftCalendar.tab'),
          icon: <IconCalendarTime size={16} aria-hidden />,
          panel: (
            <Stack gap="md">
              <ShiftCalendarEditor locationId={id} />
              <PlannedTimeTable locationId={id} />
            </Stack>
          ),
        },
        {
          value: 'board-links',
          label: t('boardLinks.tab'),
          icon: <IconDeviceTv size={16} aria-hidden />,
          panel: <BoardLinksPanel locationId={id} />,
        },
      ]}
    />
  );
}
