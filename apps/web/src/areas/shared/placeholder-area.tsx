import type { Area } from '@kerf/contracts';
import { type Icon, IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import type { NavItem } from '../../components/layout';
import type { Messages } from '../../lib/i18n';
import { AreaHome, SectionPending } from './area-home';
import { AreaShell } from './area-shell';

export interface AreaSection {
  /** URL segment under the area, e.g. `locations` */
  path: string;
  label: keyof Messages['sections'];
  icon: Icon;
  /** the section's page once it exists; until then an honest "coming soon" page */
  element?: ReactNode;
}

/**
 * An area whose screens arrive with later issues: real frame, real user, its navigation, and honest
 * "coming soon" pages — no invented data. An area replaces this with its own routes when built.
 */
export function PlaceholderArea({
  area,
  sections,
  touch,
}: {
  area: Area;
  sections: AreaSection[];
  touch?: boolean;
}) {
  const { t } = useTranslation();
  const homePath = `/${area}`;
  const sectionItems: NavItem[] = sections.map((section) => ({
    to: `${homePath}/${section.path}`,
    label: t(`sections.${section.label}`),
    icon: section.icon,
  }));
  const navItems: NavItem[] = [
    { to: homePath, label: t('nav.home'), icon: IconHome, end: true },
    ...sectionItems,
  ];

  return (
    <AreaShell area={area} navItems={navItems} touch={touch}>
      <Routes>
        <Route index element={<AreaHome area={area} sections={sectionItems} touch={touch} />} />
        {sections.map((section) => (
          <Route
            key={section.path}
            path={section.path}
            element={
              section.element ?? <SectionPending label={t(`sections.${section.label}`)} homePath={homePath} />
            }
          />
        ))}
        <Route path="*" element={<NotFoundContent homePath={homePath} />} />
      </Routes>
    </AreaShell>
  );
}
