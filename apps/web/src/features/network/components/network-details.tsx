import type { CuttingMachine } from '@kerf/contracts';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/data-table';
import { translateKey } from '../../../lib/i18n';
import { NetworkSetupBadge } from '../../machines/components/network-setup-badge';
import { FirewallPanel } from './firewall-panel';
import { NetworkAdminCard } from './network-admin-card';

const mono = (value: string | null) =>
  value ? (
    <Text span size="sm" ff="monospace" dir="ltr" translate="no">
      {value}
    </Text>
  ) : null;

/** Location tab "Network details": each machine's connection, the network admin and the firewall info. */
export function NetworkDetails({
  machines,
  isLoading,
  error,
  onRetry,
}: {
  machines: CuttingMachine[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const table = useTableState(machines, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (m) =>
      `${m.name} ${m.serialNumber} ${m.network.ipAddress ?? ''} ${m.network.networkName ?? ''}`,
  });
  const columns: DataTableColumn<CuttingMachine>[] = [
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
      accessor: 'connection',
      title: t('printingAdmin.network.connection'),
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm">
            {m.network.connection
              ? translateKey(t, `printingAdmin.network.connections.${m.network.connection}`)
              : t('printingAdmin.network.notSet')}
          </Text>
          {m.network.networkName && (
            <Text size="xs" c="dimmed" translate="no">
              {m.network.networkName}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'addressMode',
      title: t('printingAdmin.network.addressMode'),
      render: (m) =>
        m.network.addressMode
          ? translateKey(t, `printingAdmin.network.addressModes.${m.network.addressMode}`)
          : '',
    },
    {
      accessor: 'ipAddress',
      title: t('printingAdmin.network.ipAddress'),
      render: (m) => mono(m.network.ipAddress),
    },
    {
      accessor: 'subnetMask',
      title: t('printingAdmin.network.subnetMask'),
      render: (m) => mono(m.network.subnetMask),
    },
    {
      accessor: 'gateway',
      title: t('printingAdmin.network.gateway'),
      render: (m) => mono(m.network.gateway),
    },
    {
      accessor: 'contact',
      title: t('printingAdmin.network.contactTitle'),
      render: (m) => (
        <Stack gap={0}>
          {m.networkContact.name && (
            <Text size="sm" translate="no">
              {m.networkContact.name}
            </Text>
          )}
          {m.networkContact.phone && (
            <Anchor
              size="sm"
              href={`tel:${m.networkContact.phone.replace(/\s/g, '')}`}
              dir="ltr"
              translate="no"
            >
              {m.networkContact.phone}
            </Anchor>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'networkSetupState',
      title: t('printingAdmin.network.setupState'),
      render: (m) => <NetworkSetupBadge state={m.networkSetupState} />,
    },
  ];
  return (
    <Stack gap="lg">
      <DataTable<CuttingMachine>
        label={t('printingAdmin.network.tableLabel')}
        columns={columns}
        idAccessor="id"
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        empty={{
          title: t('printingAdmin.machines.emptyTitle'),
          description: t('printingAdmin.machines.emptyText'),
        }}
        {...table}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <FirewallPanel />
        <NetworkAdminCard />
      </SimpleGrid>
    </Stack>
  );
}
