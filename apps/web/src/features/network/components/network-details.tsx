import type { CuttingMachine } from '@kerf/contracts';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  codeColumn,
  DataTable,
  type DataTableColumn,
  nameColumn,
  useTableState,
} from '../../../components/data-table';
import { translateKey } from '../../../lib/i18n';
import { NetworkSetupBadge } from '../../machines';
import { FirewallPanel } from './firewall-panel';
import { NetworkAdminCard } from './network-admin-card';

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
    nameColumn('name', t('machines.name'), (m) => m.name),
    {
      accessor: 'connection',
      title: t('network.connection'),
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm">
            {m.network.connection
              ? translateKey(t, `network.connections.${m.network.connection}`)
              : t('network.notSet')}
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
      title: t('network.addressMode'),
      render: (m) =>
        m.network.addressMode ? translateKey(t, `network.addressModes.${m.network.addressMode}`) : '',
    },
    codeColumn('ipAddress', t('network.ipAddress'), (m) => m.network.ipAddress),
    codeColumn('subnetMask', t('network.subnetMask'), (m) => m.network.subnetMask),
    codeColumn('gateway', t('network.gateway'), (m) => m.network.gateway),
    {
      accessor: 'contact',
      title: t('network.contactTitle'),
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
      title: t('network.setupState'),
      render: (m) => <NetworkSetupBadge state={m.networkSetupState} />,
    },
  ];
  return (
    <Stack gap="lg">
      <DataTable<CuttingMachine>
        label={t('network.tableLabel')}
        columns={columns}
        idAccessor="id"
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        empty={{
          title: t('machines.emptyTitle'),
          description: t('machines.emptyText'),
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
