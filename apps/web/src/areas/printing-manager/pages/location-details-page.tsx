import { Paper } from '@mantine/core';
import { IconBlade, IconCalendarTime, IconScissors, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmployeesTable } from '../../../features/employees';
import { KnifeTable } from '../../../features/knives';
import {
  KnifeIntervalEditor,
  useLocation,
  useLocationEmployees,
  useLocationMachines,
  useLocationOptions,
} from '../../../features/locations';
import { MachinesTable } from '../../../features/machines';
import { PlannedTimeTable } from '../../../features/shift-calendar';
import { LocationDetails } from '../../shared/pages/location-details-page';
import { machinePath } from './machine-card';

/**
 * Location details for the manager (product.md §2: tabs Machine, Knife, Employee): the admin's blocks,
 * read-only where the manager may not edit; the knife swap interval is theirs to set. A fourth tab
 * shows the planned production time per machine and day from the location's shift calendar (issue 36).
 */
export function ManagerLocationDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation(id);
  const options = useLocationOptions(id);
  const machines = useLocationMachines(id);
  const employees = useLocationEmployees(id);

  return (
    <LocationDetails
      location={location}
      settings={
        <Paper p={0}>
          <KnifeIntervalEditor scope="PRINTING_SHOP" id={id} options={options.data} error={options.error} />
        </Paper>
      }
      wrapTabs
      tabs={[
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
              readOnly
              machineHref={(machine) => machinePath(machine.id)}
            />
          ),
        },
        {
          value: 'knives',
          label: t('sections.knives'),
          icon: <IconBlade size={16} aria-hidden />,
          panel: (
            <div data-testid="knife-table-slot">
              <KnifeTable locationId={id} />
            </div>
          ),
        },
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
              readOnly
            />
          ),
        },
        {
          value: 'planned-time',
          label: t('shiftCalendar.planned.tab'),
          icon: <IconCalendarTime size={16} aria-hidden />,
          panel: <PlannedTimeTable locationId={id} />,
        },
      ]}
    />
  );
}
