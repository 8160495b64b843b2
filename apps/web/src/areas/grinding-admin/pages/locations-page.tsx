import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeFormModal } from '../../../features/employees';
import { useGrindingShops } from '../../../features/locations';
import { TenantExportButton } from '../../../features/system';
import {
  type LocationListRequest,
  LocationsPage as SharedLocationsPage,
} from '../../shared/pages/locations-page';

/** The overview is the start page and /locations: links to the details are absolute. */
const DETAILS = '/grinding-admin/locations';

/** The grinding shop's list sorts by name only, either way, and has no uptime view. */
function useGrindingShopLocations({ page, page_size, sort_direction, search }: LocationListRequest) {
  return useGrindingShops({ page, page_size, sort_direction, search });
}

/** Locations overview (product.md §2): location and name columns, create location and add employee. */
export function LocationsPage() {
  const { t } = useTranslation();
  const [addingEmployee, setAddingEmployee] = useState(false);
  return (
    <>
      <SharedLocationsPage
        kind="grinding-shop"
        useList={useGrindingShopLocations}
        detailsPath={DETAILS}
        emptyText={t('grindingAdmin.emptyText')}
        headerActions={
          <>
            <TenantExportButton />
            <Button
              variant="default"
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => setAddingEmployee(true)}
            >
              {t('employees.create')}
            </Button>
          </>
        }
      />
      {addingEmployee && (
        <EmployeeFormModal opened kind="grinding-shop" onClose={() => setAddingEmployee(false)} />
      )}
    </>
  );
}
