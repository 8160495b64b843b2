import type { PrintingShop } from '@kerf/contracts';
import {
  Anchor,
  Button,
  Container,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  actionsColumn,
  DataTable,
  type DataTableColumn,
  type DataTableSortStatus,
  RowAction,
  textColumn,
} from '../../../components/data-table';
import { usePageTitle } from '../../../components/layout';
import {
  addressOf,
  LocationFormModal,
  useDeleteLocationFlow,
  useLocations,
} from '../../../features/locations';
import { formatNumber } from '../../../lib/format';

type View = 'BASIC' | 'WITH_UPTIME';

/** Locations overview (spec §2): counts, server-side sorting by name or machines, views BASIC and WITH_UPTIME. */
export function LocationsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('sections.locations'));
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [view, setView] = useState<View>('BASIC');
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<PrintingShop>>({
    columnAccessor: 'name',
    direction: 'asc',
  });
  const [editing, setEditing] = useState<PrintingShop | 'new' | null>(null);
  const deleteLocation = useDeleteLocationFlow();

  const query = useLocations({
    page: page - 1,
    page_size: pageSize,
    sort: sortStatus.columnAccessor === 'numberOfMachines' ? 'NUMBER_OF_MACHINES' : 'NAME',
    sort_direction: sortStatus.direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
    view,
    search: debouncedSearch.trim() || undefined,
  });

  const columns: DataTableColumn<PrintingShop>[] = [
    {
      accessor: 'name',
      title: t('locations.name'),
      sortable: true,
      render: (location) => (
        <Anchor component={Link} to={location.id} fw={500} translate="no" dir="auto">
          {location.name}
        </Anchor>
      ),
    },
    textColumn('address', t('locations.address'), addressOf),
    {
      accessor: 'numberOfMachines',
      title: t('locations.machines'),
      sortable: true,
      render: (location) => formatNumber(location.numberOfMachines, i18n.language),
    },
    {
      accessor: 'numberOfEmployees',
      title: t('locations.employees'),
      render: (location) => formatNumber(location.numberOfEmployees, i18n.language),
    },
    ...(view === 'WITH_UPTIME'
      ? [
          {
            accessor: 'uptimeLast24h',
            title: t('locations.uptime'),
            width: 200,
            render: (location: PrintingShop) => {
              const share = location.uptimeLast24h ?? 0;
              const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(share);
              return (
                <Group gap="xs" wrap="nowrap">
                  <Progress value={share * 100} color="green.8" w={100} aria-hidden />
                  <Text size="sm">{percent}</Text>
                </Group>
              );
            },
          } satisfies DataTableColumn<PrintingShop>,
        ]
      : []),
    actionsColumn(t('table.actions'), (location) => (
      <>
        <RowAction
          tooltip={t('actions.edit')}
          label={t('actions.editNamed', { name: location.name })}
          icon={<IconPencil size={18} aria-hidden />}
          onClick={() => setEditing(location)}
        />
        <RowAction
          tooltip={t('actions.delete')}
          label={t('actions.deleteNamed', { name: location.name })}
          icon={<IconTrash size={18} aria-hidden />}
          onClick={() => void deleteLocation(location)}
          danger
        />
      </>
    )),
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      {t('locations.create')}
    </Button>
  );

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t('sections.locations')}</Title>
          {createButton}
        </Group>
        <SegmentedControl
          aria-label={t('locations.view')}
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'BASIC', label: t('locations.viewBasic') },
            { value: 'WITH_UPTIME', label: t('locations.viewUptime') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <DataTable<PrintingShop>
          label={t('sections.locations')}
          columns={columns}
          idAccessor="id"
          records={query.data?.items}
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          totalRecords={query.data?.total ?? 0}
          page={page}
          onPageChange={setPage}
          recordsPerPage={pageSize}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          sortStatus={sortStatus}
          onSortStatusChange={(status) => {
            setSortStatus(status);
            setPage(1);
          }}
          search={{
            value: search,
            onChange: (value) => {
              setSearch(value);
              setPage(1);
            },
          }}
          empty={{
            title: t('locations.emptyTitle'),
            description: t('locations.emptyText'),
            action: createButton,
          }}
        />
      </Stack>
      {editing && (
        <LocationFormModal
          opened
          location={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing === 'new') void navigate(saved.id);
          }}
        />
      )}
    </Container>
  );
}
