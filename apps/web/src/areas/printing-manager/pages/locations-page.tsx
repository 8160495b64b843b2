import type { PrintingShop } from '@kerf/contracts';
import { Anchor, Container, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DataTable,
  type DataTableSortStatus,
  EmptyValue,
  type TableColumn,
  textColumn,
} from '../../../components/data-table';
import { usePageTitle } from '../../../components/layout';
import { addressOf, useLocations } from '../../../features/locations';
import { formatNumber, formatPercent } from '../../../lib/format';

/**
 * Locations overview for the manager (product.md §2): the admin's list, read-only, always with the
 * machines' uptime of the last 24 hours; a name opens the location's machines, knives and people.
 */
export function ManagerLocationsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('sections.locations'));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<PrintingShop>>({
    columnAccessor: 'name',
    direction: 'asc',
  });
  const query = useLocations({
    page: page - 1,
    page_size: pageSize,
    sort: sortStatus.columnAccessor === 'numberOfMachines' ? 'NUMBER_OF_MACHINES' : 'NAME',
    sort_direction: sortStatus.direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
    view: 'WITH_UPTIME',
    search: debouncedSearch.trim() || undefined,
  });

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
    {
      accessor: 'uptimeLast24h',
      title: t('locations.uptime'),
      numeric: true,
      render: (location) => {
        if (location.uptimeLast24h === null || location.uptimeLast24h === undefined) return <EmptyValue />;
        return (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Progress
              value={location.uptimeLast24h * 100}
              color="green.8"
              w={80}
              aria-hidden
              visibleFrom="sm"
            />
            <Text size="sm">{formatPercent(location.uptimeLast24h, i18n.language)}</Text>
          </Group>
        );
      },
    },
  ];

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('sections.locations')}</Title>
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
          empty={{ title: t('locations.emptyTitle'), description: t('manager.locations.emptyText') }}
        />
      </Stack>
    </Container>
  );
}
