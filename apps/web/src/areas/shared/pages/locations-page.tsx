import type { GrindingShop, PrintingShop } from '@kerf/contracts';
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
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
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
  type LocationListQuery,
  type ShopKind,
  useDeleteLocationFlow,
} from '../../../features/locations';
import { formatNumber, formatPercent } from '../../../lib/format';

type View = 'BASIC' | 'WITH_UPTIME';

/** What the table asks its area's list query for: one page, sorted and searched by the server. */
export type LocationListRequest = Required<
  Pick<LocationListQuery, 'page' | 'page_size' | 'sort' | 'sort_direction' | 'view'>
> & { search: string | undefined };

export interface LocationsPageProps<L extends PrintingShop | GrindingShop> {
  /**
   * Whose locations: a grinding shop's list has the columns location and name and sorts by name only
   * (product.md §2); a printing shop's sorts by name or by number of machines.
   */
  kind?: ShopKind;
  /** The area's list query (a hook), called with the table's page, sorting and search. */
  useList: (request: LocationListRequest) => UseQueryResult<{ items: L[]; total: number }>;
  /** The machines' uptime of the last 24 hours: always shown, or a view the user chooses (BASIC first). */
  uptime?: 'always' | 'selectable';
  /** Read-only: no create, edit or delete. */
  readOnly?: boolean;
  /** Where the details of a location are, when not next to the list (`<detailsPath>/<id>`). */
  detailsPath?: string;
  /** Buttons of the area before "create location" in the header. */
  headerActions?: ReactNode;
  /** The empty list's text. */
  emptyText: string;
}

/**
 * Locations overview (product.md §2) the printing-shop admin, the grinding-shop admin and the manager
 * share: name, address and counts with server-side paging, sorting and search; the admins create, edit
 * and delete, the manager only reads.
 */
export function LocationsPage<L extends PrintingShop | GrindingShop>({
  kind = 'printing-shop',
  useList,
  uptime,
  readOnly = false,
  detailsPath,
  headerActions,
  emptyText,
}: LocationsPageProps<L>) {
  const { t, i18n } = useTranslation();
  usePageTitle(t('sections.locations'));
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [view, setView] = useState<View>(uptime === 'always' ? 'WITH_UPTIME' : 'BASIC');
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<L>>({
    columnAccessor: 'name',
    direction: 'asc',
  });
  const [editing, setEditing] = useState<L | 'new' | null>(null);
  const deleteLocation = useDeleteLocationFlow(kind);
  const isGrinding = kind === 'grinding-shop';
  const pathOf = (id: string) => (detailsPath ? `${detailsPath}/${id}` : id);

  const query = useList({
    page: page - 1,
    page_size: pageSize,
    sort: sortStatus.columnAccessor === 'numberOfMachines' ? 'NUMBER_OF_MACHINES' : 'NAME',
    sort_direction: sortStatus.direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
    view,
    search: debouncedSearch.trim() || undefined,
  });

  // The server sorts a printing shop's locations by name or by number of machines only, a grinding
  // shop's by name (product.md §2); the other columns do not sort.
  const columns: TableColumn<L>[] = [
    {
      accessor: 'name',
      title: t('locations.name'),
      sortable: true,
      render: (location) => (
        <Anchor component={Link} to={pathOf(location.id)} fw={500} translate="no" dir="auto">
          {location.name}
        </Anchor>
      ),
    },
    isGrinding
      ? textColumn('address', t('grindingAdmin.location'), (location: L) =>
          addressOf(location, i18n.language),
        )
      : textColumn('address', t('locations.address'), (location: L) => addressOf(location, i18n.language), {
          priority: 'low',
        }),
    {
      accessor: 'numberOfMachines',
      title: t('locations.machines'),
      ...(isGrinding ? { priority: 'low' as const } : { sortable: true }),
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
            render: (location: L) => {
              const share = 'uptimeLast24h' in location ? location.uptimeLast24h : undefined;
              if (share === null || share === undefined) return <EmptyValue />;
              return (
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Progress value={share * 100} color="green.8" w={80} aria-hidden visibleFrom="sm" />
                  <Text size="sm">{formatPercent(share, i18n.language)}</Text>
                </Group>
              );
            },
          } satisfies TableColumn<L>,
        ]
      : []),
    ...(readOnly
      ? []
      : [
          actionsColumn<L>(t('table.actions'), (location) => (
            <>
              <EditRowAction name={location.name} onClick={() => setEditing(location)} />
              <DeleteRowAction name={location.name} onClick={() => void deleteLocation(location)} />
            </>
          )),
        ]),
  ];

  const createButton = readOnly ? undefined : (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      {t('locations.create')}
    </Button>
  );

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        {readOnly ? (
          <Title order={1}>{t('sections.locations')}</Title>
        ) : (
          <Group justify="space-between" align="flex-end">
            <Title order={1}>{t('sections.locations')}</Title>
            {headerActions ? (
              <Group gap="xs">
                {headerActions}
                {createButton}
              </Group>
            ) : (
              createButton
            )}
          </Group>
        )}
        {uptime === 'selectable' && (
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
        )}
        <DataTable<L>
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
            description: emptyText,
            ...(createButton && { action: createButton }),
          }}
        />
      </Stack>
      {editing && (
        <LocationFormModal<L>
          opened
          kind={kind}
          location={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing === 'new') void navigate(pathOf(saved.id));
          }}
        />
      )}
    </Container>
  );
}
