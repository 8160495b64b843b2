import type { CuttingMachine } from '@kerf/contracts';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  codeColumn,
  DataTable,
  EmptyValue,
  nameColumn,
  orEmpty,
  type TableColumn,
  useTableState,
} from '../../../components/data-table';
import { translateKey } from '../../../lib/i18n';
import { NetworkSetupBadge } from '../../machines';
import { FirewallPanel } from './firewall-panel';
import { NetworkAdminCard } from './network-admin-card';

/** An IPv4 address as a sortable key ("10.0.0.9" before "10.0.0.10"). */
const ipSortKey = (ip: string | null) =>
  ip
    ? ip
        .split('.')
        .map((part) => part.padStart(3, '0'))
        .join('.')
    : undefined;

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
    sortValue: (m, column) => {
      switch (column) {
        case 'connection':
          return m.network.connection
            ? translateKey(t, `network.connections.${m.network.connection}`)
            : undefined;
        case 'addressMode':
          return m.network.addressMode
            ? translateKey(t, `network.addressModes.${m.network.addressMode}`)
            : undefined;
        case 'ipAddress':
          return ipSortKey(m.network.ipAddress);
        case 'contact':
          return m.networkContact.name ?? m.networkContact.phone ?? undefined;
        case 'networkSetupState':
          return translateKey(t, `network.setupStates.${m.networkSetupState}`);
        default:
          return undefined;
      }
    },
  });
  const columns: TableColumn<CuttingMachine>[] = [
    nameColumn('name', t('machines.name'), (m) => m.name),
    {
      accessor: 'connection',
      title: t('network.connection'),
      sortable: true,
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
      sortable: true,
      priority: 'low',
      render: (m) =>
        orEmpty(
          m.network.addressMode ? translateKey(t, `network.addressModes.${m.network.addressMode}`) : null,
        ),
    },
    codeColumn('ipAddress', t('network.ipAddress'), (m) => m.network.ipAddress, { sortable: true }),
    codeColumn('subnetMask', t('network.subnetMask'), (m) => m.network.subnetMask, {
      priority: 'low',
    }),
    codeColumn('gateway', t('network.gateway'), (m) => m.network.gateway, { priority: 'low' }),
    {
      accessor: 'contact',
      title: t('network.contactTitle'),
      sortable: true,
      priority: 'low',
      render: (m) =>
        !m.networkContact.name && !m.networkContact.phone ? (
          <EmptyValue />
        ) : (
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
      sortable: true,
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
