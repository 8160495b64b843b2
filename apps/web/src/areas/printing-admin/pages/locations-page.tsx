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
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  actionsColumn,
  DataTable,
  type DataTableSortStatus,
  DeleteRowAction,
  EditRowAction,
  EmptyValue,
  type TableColumn,
  textColumn,
} from '../../../components/data-table';
import { usePageTitle } from '../../../components/layout';
import {
  addressOf,
  LocationFormModal,
  useDeleteLocationFlow,
  useLocations,
} from '../../../features/locations';
import { formatNumber, formatPercent } from '../../../lib/format';

type View = 'BASIC' | 'WITH_UPTIME';

/** Locations overview (product.md §2): counts, server-side sorting by name or machines, views BASIC and WITH_UPTIME. */
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

  // The server sorts by name or by number of machines only (product.md §2); the other columns do not sort.
  const columns: TableColumn<PrintingShop>[] = [
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
    textColumn('address', t('locations.address'), (location) => addressOf(location, i18n.language), {
      priority: 'low',
    }),
    {
      accessor: 'numberOfMachines',
      title: t('locations.machines'),
      sortable: true,
      numeric: true,
      render: (location) => formatNumber(location.numberOfMachines, i18n.language),
    },
    {
      accessor: 'numberOfEmployees',
      title: t('locations.employees'),
      numeric: true,
      priority: 'low',
      render: (location) => formatNumber(location.numberOfEmployees, i18n.language),
    },
    ...(view === 'WITH_UPTIME'
      ? [
          {
            accessor: 'uptimeLast24h',
            title: t('locations.uptime'),
            numeric: true,
            render: (location: PrintingShop) => {
              if (location.uptimeLast24h === null || location.uptimeLast24h === undefined)
                return <EmptyValue />;
              const share = location.uptimeLast24h;
              const percent = formatPercent(share, i18n.language);
              return (
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Progress value={share * 100} color="green.8" w={80} aria-hidden visibleFrom="sm" />
                  <Text size="sm">{percent}</Text>
                </Group>
              );
            },
          } satisfies TableColumn<PrintingShop>,
        ]
      : []),
    actionsColumn(t('table.actions'), (location) => (
      <>
        <EditRowAction name={location.name} onClick={() => setEditing(location)} />
        <DeleteRowAction name={location.name} onClick={() => void deleteLocation(location)} />
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
