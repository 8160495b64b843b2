import type { FleetMachine } from '@kerf/contracts';
import { useTranslation } from 'react-i18next';
import {
  codeColumn,
  DataTable,
  nameColumn,
  type TableColumn,
  textColumn,
  useTableState,
} from '../../../components/data-table';
import { DurationText } from '../../../components/format';
import { MachineStatusBadge } from '../../../components/status';
import { formatNumber } from '../../../lib/format';
import { machineState } from '../../machines';

/** The manufacturer's machines at customers who granted access: state, run time, cuts, knives. */
export function FleetTable({
  machines,
  isLoading,
  error,
  onRetry,
}: {
  machines: FleetMachine[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const table = useTableState(machines, i18n.language, {
    initialSort: { columnAccessor: 'customerName', direction: 'asc' },
    searchText: (m) => `${m.customerName} ${m.name} ${m.serialNumber} ${m.type ?? ''}`,
    sortValue: (m, column) => (column === 'state' ? machineState(m) : undefined),
  });
  const number = (value: number) => formatNumber(value, i18n.language);
  const columns: TableColumn<FleetMachine>[] = [
    nameColumn('customerName', t('customerService.customer'), (m) => m.customerName, { priority: 'low' }),
    codeColumn('serialNumber', t('machines.serialNumber'), (m) => m.serialNumber, { sortable: true }),
    textColumn('type', t('customerService.model'), (m) => m.type, { priority: 'low' }),
    {
      accessor: 'state',
      title: t('customerService.state'),
      sortable: true,
      render: (m) => <MachineStatusBadge status={machineState(m)} />,
    },
    {
      accessor: 'runningSeconds',
      title: t('manufacturer.runTime'),
      sortable: true,
      priority: 'low',
      numeric: true,
      render: (m) => <DurationText seconds={m.runningSeconds} />,
    },
    {
      accessor: 'cuts',
      title: t('manufacturer.cuts'),
      sortable: true,
      priority: 'low',
      numeric: true,
      render: (m) => number(m.cuts),
    },
    {
      accessor: 'knivesUsed',
      title: t('manufacturer.knivesUsed'),
      sortable: true,
      numeric: true,
      priority: 'low',
      render: (m) => number(m.knivesUsed),
    },
  ];
  return (
    <DataTable<FleetMachine>
      label={t('manufacturer.fleetTitle')}
      columns={columns}
      idAccessor="id"
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      empty={{ title: t('manufacturer.noMachines'), description: t('manufacturer.noMachinesHint') }}
      {...table}
    />
  );
}
