import type { CuttingMachineAdminView } from '@kerf/contracts';
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCertificate,
  IconChevronDown,
  IconCirclePlus,
  IconPencil,
  IconPlugConnectedX,
  IconRegistered,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, RowAction, useTableState } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/errors';
import { DateText, TimeText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { type MachineStatus, MachineStatusBadge } from '../../../components/status';
import { useMachinesAdminView } from '../../machines/api/get-machines-admin-view';
import { MachineFormModal } from '../../machines/components/machine-form-modal';
import { FirewallPanel } from '../../network/components/firewall-panel';
import { NetworkAdminCard } from '../../network/components/network-admin-card';
import { LicensingSummary, Money, PlainDate } from './licensing-summary';

/** The state a badge shows: the reported status while online, else the connection state. */
export function machineState(
  machine: Pick<CuttingMachineAdminView, 'onlineStatus' | 'status'>,
): MachineStatus {
  if (machine.onlineStatus !== 'ONLINE') return machine.onlineStatus;
  return machine.status ?? 'UNKNOWN';
}

/** DESIGN.md live dot: green while the polled state is fresh, with the time of the last answer. */
function LiveDot({ updatedAt, failing }: { updatedAt: number; failing: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} aria-live="polite">
      <Box
        w={10}
        h={10}
        style={{
          borderRadius: '50%',
          background: failing ? 'var(--mantine-color-gray-6)' : 'var(--mantine-color-green-7)',
        }}
        aria-hidden
      />
      <Text size="sm" c="dimmed">
        {failing ? t('printingAdmin.dashboard.notLive') : t('printingAdmin.dashboard.live')}
        {updatedAt > 0 && (
          <>
            {' · '}
            {t('printingAdmin.dashboard.updatedAt')} <TimeText value={updatedAt} />
          </>
        )}
      </Text>
    </Group>
  );
}

/** Dashboard (spec §2): licensing, every machine with its live state, the network admin, adding machines. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('printingAdmin.dashboard.title'));
  const query = useMachinesAdminView();
  const [editing, setEditing] = useState<CuttingMachineAdminView | 'new' | null>(null);
  const table = useTableState(query.data?.machines, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (m) => `${m.name} ${m.serialNumber} ${m.printingShopName ?? ''}`,
    sortValue: (m, column) =>
      column === 'state'
        ? t(`status.machine.${machineState(m)}`)
        : (m[column as keyof CuttingMachineAdminView] as string),
  });

  const columns: DataTableColumn<CuttingMachineAdminView>[] = [
    {
      accessor: 'name',
      title: t('printingAdmin.machines.name'),
      sortable: true,
      render: (m) => (
        <Text size="sm" fw={500} translate="no" dir="auto">
          {m.name}
        </Text>
      ),
    },
    {
      accessor: 'serialNumber',
      title: t('printingAdmin.machines.serialNumber'),
      sortable: true,
      render: (m) => (
        <Text span size="sm" ff="monospace" translate="no" dir="ltr">
          {m.serialNumber}
        </Text>
      ),
    },
    {
      accessor: 'printingShopName',
      title: t('printingAdmin.machines.location'),
      sortable: true,
      render: (m) => <span translate="no">{m.printingShopName ?? ''}</span>,
    },
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
      accessor: 'licensedAt',
      title: t('printingAdmin.licensing.licensedAt'),
      sortable: true,
      render: (m) =>
        m.licensedAt ? (
          <DateText value={m.licensedAt} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('printingAdmin.licensing.notLicensed')}
          </Text>
        ),
    },
    {
      accessor: 'renewalDate',
      title: t('printingAdmin.licensing.renewalDate'),
      sortable: true,
      render: (m) => (m.renewalDate ? <PlainDate value={m.renewalDate} /> : ''),
    },
    {
      accessor: 'annualNetCents',
      title: t('printingAdmin.licensing.annualCost'),
      sortable: true,
      render: (m) =>
        m.annualNetCents === null ? (
          ''
        ) : (
          <Money cents={m.annualNetCents} currency={query.data?.licensing.currency ?? 'EUR'} />
        ),
    },
    {
      accessor: 'actions',
      title: t('printingAdmin.common.actions'),
      render: (m) => (
        <RowAction
          tooltip={t('printingAdmin.common.edit')}
          label={t('printingAdmin.common.editNamed', { name: m.name })}
          icon={<IconPencil size={18} aria-hidden />}
          onClick={() => setEditing(m)}
        />
      ),
    },
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
        <Menu.Item leftSection={<IconCertificate size={16} aria-hidden />} component={Link} to="/register">
          {t('printingAdmin.dashboard.licenseNew')}
        </Menu.Item>
        <Menu.Item leftSection={<IconRegistered size={16} aria-hidden />} component={Link} to="/register">
          {t('printingAdmin.dashboard.registerNew')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  const failing = Boolean(query.error && query.data);

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t('printingAdmin.dashboard.title')}</Title>
            {query.data && <LiveDot updatedAt={query.dataUpdatedAt} failing={failing} />}
          </Stack>
          {addMenu}
        </Group>
        {failing && (
          <Alert color="yellow.9" icon={<IconPlugConnectedX aria-hidden />} role="status">
            {t('printingAdmin.dashboard.connectionLost')}
          </Alert>
        )}
        <Title order={2} size="h3">
          {t('printingAdmin.licensing.title')}
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
        <Title order={2} size="h3">
          {t('printingAdmin.machines.title')}
        </Title>
        <DataTable<CuttingMachineAdminView>
          label={t('printingAdmin.machines.title')}
          columns={columns}
          idAccessor="id"
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={{
            title: t('printingAdmin.machines.emptyTitle'),
            description: t('printingAdmin.machines.emptyText'),
            action: addMenu,
          }}
          {...table}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NetworkAdminCard />
          <FirewallPanel />
        </SimpleGrid>
      </Stack>
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
