import { IconBuildingFactory2, IconGauge, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import type { NavItem } from '../../components/layout';
import { DashboardPage } from '../../features/licensing/components/dashboard-page';
import { LocationDetailsPage } from '../../features/locations/components/location-details-page';
import { LocationsPage } from '../../features/locations/components/locations-page';
import { AreaHome, AreaShell } from '../../features/session';

const HOME = '/printing-admin';

/** spec §2 "Printing-shop admin": dashboard (machines, licensing, network admin) and locations with details. */
export function Component() {
  const { t } = useTranslation();
  const sections: NavItem[] = [
    { to: `${HOME}/machines`, label: t('printingAdmin.dashboard.title'), icon: IconGauge },
    { to: `${HOME}/locations`, label: t('sections.locations'), icon: IconBuildingFactory2 },
  ];
  const navItems: NavItem[] = [{ to: HOME, label: t('nav.home'), icon: IconHome, end: true }, ...sections];
  return (
    <AreaShell area="printing-admin" navItems={navItems}>
      <Routes>
        <Route index element={<AreaHome area="printing-admin" sections={sections} />} />
        <Route path="machines" element={<DashboardPage />} />
        <Route path="locations" element={<LocationsPage />} />
        <Route path="locations/:id" element={<LocationDetailsPage />} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
