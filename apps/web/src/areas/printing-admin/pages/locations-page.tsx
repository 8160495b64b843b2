import { useTranslation } from 'react-i18next';
import { useLocations } from '../../../features/locations';
import {
  type LocationListRequest,
  LocationsPage as SharedLocationsPage,
} from '../../shared/pages/locations-page';

function usePrintingShopLocations(request: LocationListRequest) {
  return useLocations(request);
}

/** Locations overview (product.md §2): counts, server-side sorting by name or machines, views BASIC and WITH_UPTIME. */
export function LocationsPage() {
  const { t } = useTranslation();
  return (
    <SharedLocationsPage
      useList={usePrintingShopLocations}
      uptime="selectable"
      emptyText={t('locations.emptyText')}
    />
  );
}
