import type { GrindingShop } from '@kerf/contracts';
import { Anchor, Button, Container, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  actionsColumn,
  DataTable,
  type DataTableSortStatus,
  DeleteRowAction,
  EditRowAction,
  type TableColumn,
  textColumn,
} from '../../../components/data-table';
import { usePageTitle } from '../../../components/layout';
import { EmployeeFormModal } from '../../../features/employees';
import {
  addressOf,
  LocationFormModal,
  useDeleteLocationFlow,
  useGrindingShops,
} from '../../../features/locations';
import { TenantExportButton } from '../../../features/system';
import { formatNumber } from '../../../lib/format';

/** The overview is the start page and /locations: links to the details are absolute. */
const DETAILS = '/grinding-admin/locations';

const BY_NAME: DataTableSortStatus<GrindingShop> = { columnAccessor: 'name', direction: 'asc' };

/** Locations overview (product.md §2): location and name columns, create location and add employee. */
export function LocationsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('sections.locations'));
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [editing, setEditing] = useState<GrindingShop | 'new' | null>(null);
  const [addingEmployee, setAddingEmployee] = useState(false);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<GrindingShop>>(BY_NAME);
  const deleteLocation = useDeleteLocationFlow('grinding-shop');

  const query = useGrindingShops({
    page: page - 1,
    page_size: pageSize,
    sort_direction: sortStatus.direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
    search: debouncedSearch.trim() || undefined,
  });

  // The server sorts by name, either way (product.md §2 names the columns location and name).
  const columns: TableColumn<GrindingShop>[] = [
    {
      accessor: 'name',
      title: t('locations.name'),
      sortable: true,
      render: (location) => (
        <Anchor component={Link} to={`${DETAILS}/${location.id}`} fw={500} translate="no" dir="auto">
          {location.name}
        </Anchor>
      ),
    },
    textColumn('address', t('grindingAdmin.location'), (location) => addressOf(location, i18n.language)),
    {
      accessor: 'numberOfMachines',
      title: t('locations.machines'),
      numeric: true,
      priority: 'low',
      render: (location) => formatNumber(location.numberOfMachines, i18n.language),
    },
    {
      accessor: 'numberOfEmployees',
      title: t('locations.employees'),
      numeric: true,
      priority: 'low',
      render: (location) => formatNumber(location.numberOfEmployees, i18n.language),
    },
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
          <Group gap="xs">
            <TenantExportButton />
            <Button
              variant="default"
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => setAddingEmployee(true)}
            >
              {t('employees.create')}
            </Button>
            {createButton}
          </Group>
        </Group>
        <DataTable<GrindingShop>
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
            description: t('grindingAdmin.emptyText'),
            action: createButton,
          }}
        />
      </Stack>
      {editing && (
        <LocationFormModal<GrindingShop>
          opened
          kind="grinding-shop"
          location={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing === 'new') void navigate(`${DETAILS}/${saved.id}`);
          }}
        />
      )}
      {addingEmployee && (
        <EmployeeFormModal opened kind="grinding-shop" onClose={() => setAddingEmployee(false)} />
      )}
    </Container>
  );
}
