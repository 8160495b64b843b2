import type { ServiceMachine } from '@kerf/contracts';
import { Stack, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  CodeText,
  DataTable,
  dateColumn,
  NarrowScreenLine,
  nameColumn,
  RowLinkAction,
  type TableColumn,
  textColumn,
  useTableState,
} from '../../../components/data-table';
import { MachineStatusBadge } from '../../../components/status';
import { formatNumber } from '../../../lib/format';
import { machineState } from '../../machines';

/** Machines at customers: state, serial, customer; the connections button opens the machine. */
export function ServiceMachinesTable({
  machines,
  isLoading,
  error,
  onRetry,
  hrefOf,
  showCustomer = true,
}: {
  machines: ServiceMachine[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  /** the machine's page (its connections); the row and its connections button lead there */
  hrefOf?: (machine: ServiceMachine) => string;
  showCustomer?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const table = useTableState(machines, i18n.language, {
    initialSort: { columnAccessor: showCustomer ? 'tenantName' : 'name', direction: 'asc' },
    searchText: (m) => `${m.name} ${m.serialNumber} ${m.tenantName} ${m.type ?? ''} ${m.locationName ?? ''}`,
    sortValue: (m, column) => (column === 'state' ? machineState(m) : undefined),
  });
  const columns: TableColumn<ServiceMachine>[] = [
    ...(showCustomer
      ? [
          nameColumn('tenantName', t('customerService.customer'), (m: ServiceMachine) => m.tenantName, {
            priority: 'low',
          }),
        ]
      : []),
    {
      accessor: 'name',
      title: t('customerService.machine'),
      sortable: true,
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} translate="no" dir="auto">
            {m.name}
          </Text>
          <CodeText value={m.serialNumber} />
          {showCustomer && (
            // on a phone the customer column gives way: its name goes under the machine's
            <NarrowScreenLine userData>{m.tenantName}</NarrowScreenLine>
          )}
        </Stack>
      ),
    },
    textColumn(
      'type',
      t('customerService.model'),
      (m) => [m.manufacturer, m.type].filter(Boolean).join(' '),
      {
        priority: 'low',
      },
    ),
    textColumn('locationName', t('customerService.location'), (m) => m.locationName, { priority: 'low' }),
    {
      accessor: 'state',
      title: t('customerService.state'),
      sortable: true,
      render: (m) => <MachineStatusBadge status={machineState(m)} />,
    },
    // the widest secondary column: from extra-wide screens on (a German 1280 px row has no room for it)
    dateColumn('lastSeenAt', t('customerService.lastSeen'), (m) => m.lastSeenAt, {
      withTime: true,
      visibleFrom: 'xl',
    }),
    {
      accessor: 'totalCuts',
      title: t('customerService.totalCuts'),
      sortable: true,
      numeric: true,
      priority: 'low',
      render: (m) => formatNumber(m.totalCuts, i18n.language),
    },
    ...(hrefOf
      ? [
          actionsColumn<ServiceMachine>(t('table.actions'), (m) => (
            <RowLinkAction
              tooltip={t('customerService.connections')}
              label={t('customerService.connectionsOf', { name: m.name })}
              icon={<IconPlugConnected size={18} aria-hidden />}
              to={hrefOf(m)}
            />
          )),
        ]
      : []),
  ];
  return (
    <DataTable<ServiceMachine>
      label={t('customerService.machinesTitle')}
      columns={columns}
      idAccessor="id"
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      empty={{ title: t('customerService.noMachines') }}
      rowHref={hrefOf}
      {...table}
    />
  );
}
