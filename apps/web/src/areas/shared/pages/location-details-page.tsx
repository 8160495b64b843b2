import type { GrindingShop, PrintingShop } from '@kerf/contracts';
import { Button, Container, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash, IconUsers, type TablerIcon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout';
import {
  addressOf,
  LocationBreadcrumbs,
  LocationFormModal,
  LocationLoadError,
  type ShopKind,
  useDeleteLocationFlow,
} from '../../../features/locations';
import { formatNumber } from '../../../lib/format';

/** One tab of a location's page; the first is the one shown without `?tab=`. */
interface LocationTab {
  value: string;
  label: string;
  icon: ReactNode;
  panel: ReactNode;
}

export interface LocationDetailsProps<L extends PrintingShop | GrindingShop> {
  /** The area's query of the location. */
  location: UseQueryResult<L>;
  /**
   * The admins' header: the machine and employee counts (with the area's machine icon) and edit and
   * delete for the shop `kind`; without it the header is read-only (name and address).
   */
  manage?: { kind: ShopKind; machineIcon: TablerIcon };
  /** The location's settings between the header and the tabs. */
  settings?: ReactNode;
  tabs: LocationTab[];
  /** Tab labels wrap onto a second line on narrow screens. */
  wrapTabs?: boolean;
}

/**
 * A location's page (product.md §2) the printing-shop admin, the grinding-shop admin and the manager
 * share: breadcrumbs, header with name and address (the admins' also with counts, edit and delete),
 * the area's settings and its tabs (kept in `?tab=`).
 */
export function LocationDetails<L extends PrintingShop | GrindingShop>({
  location,
  manage,
  settings,
  tabs,
  wrapTabs = false,
}: LocationDetailsProps<L>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const firstTab = tabs[0]?.value;
  const tab = tabs.find(({ value }) => value === searchParams.get('tab'))?.value ?? firstTab;
  const [editing, setEditing] = useState(false);
  const deleteLocation = useDeleteLocationFlow(manage?.kind);
  usePageTitle(location.data?.name ?? t('sections.locations'));

  if (location.error) {
    return <LocationLoadError error={location.error} onRetry={() => void location.refetch()} />;
  }
  const data = location.data;
  const MachineIcon = manage?.machineIcon;
  const heading = data && (
    <Stack gap={4}>
      <Title order={1} translate="no">
        {data.name}
      </Title>
      <Text c="dimmed" translate="no">
        {addressOf(data, i18n.language, { withCountry: true })}
      </Text>
      {MachineIcon && (
        <Group gap="md">
          <Group gap={4} wrap="nowrap">
            <MachineIcon size={14} aria-hidden />
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
      )}
    </Stack>
  );

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <LocationBreadcrumbs name={data?.name} />
        {!data ? (
          <Skeleton height={manage ? 90 : 70} />
        ) : manage ? (
          <Group justify="space-between" align="flex-start">
            {heading}
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
        ) : (
          heading
        )}
        {settings}
        <Tabs
          value={tab}
          onChange={(value) =>
            setSearchParams(value && value !== firstTab ? { tab: value } : {}, { replace: true })
          }
          keepMounted={false}
        >
          <Tabs.List style={wrapTabs ? { flexWrap: 'wrap' } : undefined}>
            {tabs.map(({ value, label, icon }) => (
              <Tabs.Tab key={value} value={value} leftSection={icon}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map(({ value, panel }) => (
            <Tabs.Panel key={value} value={value} pt="md">
              {panel}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      {manage && editing && data && (
        <LocationFormModal<L> opened kind={manage.kind} location={data} onClose={() => setEditing(false)} />
      )}
    </Container>
  );
}
