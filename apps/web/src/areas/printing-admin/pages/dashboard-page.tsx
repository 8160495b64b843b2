import type { CuttingMachineAdminView, MachineStatusView } from '@kerf/contracts';
import { Button, Container, Group, Menu, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconChevronDown, IconCirclePlus, IconRegistered } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  actionsColumn,
  codeColumn,
  DataTable,
  dateColumn,
  EditRowAction,
  EmptyValue,
  nameColumn,
  type TableColumn,
  textColumn,
  useTableState,
} from '../../../components/data-table';
import { ErrorAlert } from '../../../components/errors';
import { TimeText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { ConnectionBanner, LiveDot, MachineStatusBadge } from '../../../components/status';
import { LicenseMachineModal, LicensingSummary, Money, PlainDate } from '../../../features/licensing';
import {
  CutsToday,
  MachineFormModal,
  machineState,
  oldestAsOf,
  useMachineStatusViews,
  useMachinesAdminView,
  useMachineViewsLive,
} from '../../../features/machines';
import { FirewallPanel, NetworkAdminCard } from '../../../features/network';
import { TenantExportButton } from '../../../features/system';
import { InvoicesCard } from '../../../features/website';
import { formatNumber } from '../../../lib/format';
import { useLiveConnection } from '../../../lib/live';

const BANNER_DELAY_MS = 3000;
/** "Register new machine": the order of further machines, inside the app. */
const ORDER_PATH = '/printing-admin/machines/order';

/** A machine of the admin list with its live view from the server, once one has arrived. */
type DashboardMachine = CuttingMachineAdminView & { view: MachineStatusView | undefined };

/**
 * What a row shows: the master data of the admin list, and status, online state and counters from
 * the machine's view (the one the server builds for every screen) once it is there; until then the
 * admin list's first values. The view's values replace the list's, nothing is added up.
 */
function withView(machine: CuttingMachineAdminView, view: MachineStatusView | undefined): DashboardMachine {
  if (!view) return { ...machine, view };
  return {
    ...machine,
    view,
    status: view.status,
    statusSince: view.statusSince,
    onlineStatus: view.onlineStatus,
    totalCuts: view.totalCuts,
    cutsToday: view.cutsToday,
  };
}

/**
 * Dashboard (product.md §2) and the printing-shop admin's landing page: every machine with its live state
 * first, then licensing, the network admin and the firewall information. The admin list gives the
 * machines and their first values; each machine's live events carry its whole view (replayed on
 * subscribe), which the row then shows. While the socket is down the views are read over HTTP, slowly.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('printingAdmin.dashboard.title'));
  const connection = useLiveConnection();
  const [machineIds, setMachineIds] = useState<string[]>([]);
  // Nothing to follow (no machines yet) counts as up to date.
  const live = connection === 'open' || (connection === 'idle' && machineIds.length === 0);
  const query = useMachinesAdminView({ live });
  const ids = (query.data?.machines ?? []).map((machine) => machine.id).join(',');
  useEffect(() => setMachineIds(ids ? ids.split(',') : []), [ids]);
  useMachineViewsLive(machineIds);
  // The banner waits a moment, so that opening the page or a quick reconnect does not flash it.
  const [notLive, setNotLive] = useState(false);
  const down = Boolean(query.data) && !live;
  useEffect(() => {
    if (!down) {
      setNotLive(false);
      return;
    }
    const timer = setTimeout(() => setNotLive(true), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [down]);
  // the views come with the live events; only while the socket stays down are they read over HTTP
  const views = useMachineStatusViews(machineIds, { live: !notLive, read: notLive });
  const rows = useMemo(
    () => query.data?.machines.map((machine) => withView(machine, views.views.get(machine.id))),
    [query.data, views.views],
  );
  // live: when the last change arrived; not live: how old the oldest value shown is
  const viewTimes = (rows ?? []).flatMap((row) => (row.view ? [Date.parse(row.view.asOf)] : []));
  const shownAsOf = live
    ? Math.max(query.dataUpdatedAt, ...viewTimes)
    : rows?.every((row) => row.view)
      ? oldestAsOf(rows.map((row) => row.view))
      : query.dataUpdatedAt;
  // Back after the socket was down: read once what changed meanwhile (e.g. machines going offline).
  const wasOpen = useRef(false);
  const wasDown = useRef(false);
  const { refetch } = query;
  useEffect(() => {
    if (connection !== 'open') {
      if (wasOpen.current) wasDown.current = true;
      return;
    }
    wasOpen.current = true;
    if (wasDown.current) {
      wasDown.current = false;
      void refetch();
    }
  }, [connection, refetch]);
  const [editing, setEditing] = useState<CuttingMachineAdminView | 'new' | null>(null);
  const [licensing, setLicensing] = useState(false);
  const table = useTableState(rows, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (m) => `${m.name} ${m.serialNumber} ${m.printingShopName ?? ''}`,
    sortValue: (m, column) =>
      column === 'state'
        ? t(`status.machine.${machineState(m)}`)
        : column === 'totalCuts'
          ? m.totalCuts
          : column === 'licensedAt' || column === 'renewalDate' || column === 'annualNetCents'
            ? (m[column] ?? undefined)
            : (m[column as keyof CuttingMachineAdminView] as string),
  });

  // A phone shows name, state and the actions; cuts follow from `xs`, serial number and location from
  // `md`, and the licence of each machine (the summary is below the table) on wide screens from `xl`.
  const columns: TableColumn<DashboardMachine>[] = [
    nameColumn('name', t('machines.column'), (m) => m.name),
    codeColumn('serialNumber', t('machines.serialNumber'), (m) => m.serialNumber, {
      sortable: true,
      priority: 'low',
    }),
    textColumn('printingShopName', t('machines.location'), (m) => m.printingShopName, {
      sortable: true,
      priority: 'low',
    }),
    {
      accessor: 'state',
      title: t('printingAdmin.dashboard.state'),
      sortable: true,
      render: (m) => (
        <Stack gap={2} align="flex-start">
          <MachineStatusBadge status={machineState(m)} />
          {m.statusSince && m.onlineStatus === 'ONLINE' && (
            <Text size="xs" c="dimmed">
              {t('printingAdmin.dashboard.since')} <TimeText value={m.statusSince} />
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'totalCuts',
      title: t('machines.totalCuts'),
      sortable: true,
      numeric: true,
      visibleFrom: 'xs',
      render: (m) => (
        <Stack gap={2} align="flex-end">
          <Text span size="sm" data-tabular data-testid="total-cuts">
            {formatNumber(m.totalCuts, i18n.language)}
          </Text>
          {m.view ? (
            <CutsToday view={m.view} />
          ) : (
            <Text span size="xs" c="dimmed" data-tabular data-testid="cuts-today">
              {t('machines.cutsToday', { value: formatNumber(m.cutsToday, i18n.language) })}
            </Text>
          )}
        </Stack>
      ),
    },
    dateColumn('licensedAt', t('licensing.licensedAt'), (m) => m.licensedAt, {
      empty: () => (
        <Text size="sm" c="dimmed">
          {t('licensing.notLicensed')}
        </Text>
      ),
      visibleFrom: 'xl',
    }),
    {
      accessor: 'renewalDate',
      title: t('licensing.renewalDate'),
      sortable: true,
      visibleFrom: 'xl',
      render: (m) => (m.renewalDate ? <PlainDate value={m.renewalDate} /> : <EmptyValue />),
    },
    {
      accessor: 'annualNetCents',
      title: t('licensing.annualCost'),
      sortable: true,
      numeric: true,
      visibleFrom: 'xl',
      render: (m) =>
        m.annualNetCents === null ? (
          <EmptyValue />
        ) : (
          <Money cents={m.annualNetCents} currency={query.data?.licensing.currency ?? 'EUR'} />
        ),
    },
    actionsColumn(t('table.actions'), (m) => <EditRowAction name={m.name} onClick={() => setEditing(m)} />),
  ];

  const addMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button rightSection={<IconChevronDown size={16} aria-hidden />}>
          {t('printingAdmin.dashboard.addMachine')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCirclePlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('printingAdmin.dashboard.createInstalled')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCertificate size={16} aria-hidden />}
          onClick={() => setLicensing(true)}
          disabled={!query.data}
        >
          {t('printingAdmin.dashboard.licenseNew')}
        </Menu.Item>
        <Menu.Item leftSection={<IconRegistered size={16} aria-hidden />} component={Link} to={ORDER_PATH}>
          {t('printingAdmin.dashboard.registerNew')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t('printingAdmin.dashboard.title')}</Title>
            {query.data && <LiveDot updatedAt={shownAsOf} live={live} />}
          </Stack>
          <Group gap="xs">
            <TenantExportButton />
            {addMenu}
          </Group>
        </Group>
        {notLive && <ConnectionBanner />}
        <Title order={2} size="h3">
          {t('machines.title')}
        </Title>
        <DataTable<DashboardMachine>
          label={t('machines.title')}
          columns={columns}
          idAccessor="id"
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={{
            title: t('machines.emptyTitle'),
            description: t('machines.emptyText'),
            action: addMenu,
          }}
          {...table}
        />
        <Title order={2} size="h3">
          {t('licensing.title')}
        </Title>
        {query.data ? (
          <LicensingSummary licensing={query.data.licensing} />
        ) : query.error ? (
          <ErrorAlert error={query.error} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} height={90} />
            ))}
          </SimpleGrid>
        )}
        <InvoicesCard />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NetworkAdminCard />
          <FirewallPanel />
        </SimpleGrid>
      </Stack>
      {licensing && query.data && (
        <LicenseMachineModal
          machines={query.data.machines}
          licensing={query.data.licensing}
          orderPath={ORDER_PATH}
          onCreateMachine={() => {
            setLicensing(false);
            setEditing('new');
          }}
          onClose={() => setLicensing(false)}
        />
      )}
      {editing && (
        <MachineFormModal
          opened
          machine={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Container>
  );
}
