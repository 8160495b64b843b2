import { IconTool, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmployeesTable } from '../../../features/employees';
import { GrindingMachinesTable, useGrindingMachines } from '../../../features/grinding-machines';
import { useGrindingShop, useGrindingShopEmployees, useMinimalLocations } from '../../../features/locations';
import { LocationDetails } from '../../shared/pages/location-details-page';

/** Location details: header with name, address and actions; tabs Employees and Machines (product.md §2). */
export function LocationDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useGrindingShop(id);
  const machines = useGrindingMachines(id);
  const employees = useGrindingShopEmployees(id);
  const locations = useMinimalLocations('grinding-shop');

  return (
    <LocationDetails
      location={location}
      manage={{ kind: 'grinding-shop', machineIcon: IconTool }}
      tabs={[
        {
          value: 'employees',
          label: t('employees.title'),
          icon: <IconUsers size={16} aria-hidden />,
          panel: (
            <EmployeesTable
              kind="grinding-shop"
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
          label: t('grindingAdmin.machines.title'),
          icon: <IconTool size={16} aria-hidden />,
          panel: (
            <GrindingMachinesTable
              machines={machines.data}
              isLoading={machines.isPending}
              error={machines.error}
              onRetry={() => void machines.refetch()}
              locationId={id}
              locations={locations.data ?? []}
            />
          ),
        },
      ]}
    />
  );
}
