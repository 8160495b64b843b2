import { useTranslation } from 'react-i18next';
import { useLocations } from '../../../features/locations';
import { type LocationListRequest, LocationsPage } from '../../shared/pages/locations-page';

function usePrintingShopLocations(request: LocationListRequest) {
  return useLocations(request);
}

/**
 * Locations overview for the manager (product.md §2): the admin's list, read-only, always with the
 * machines' uptime of the last 24 hours; a name opens the location's machines, knives and people.
 */
export function ManagerLocationsPage() {
  const { t } = useTranslation();
  return (
    <LocationsPage
      useList={usePrintingShopLocations}
      uptime="always"
      readOnly
      emptyText={t('manager.locations.emptyText')}
    />
  );
}
