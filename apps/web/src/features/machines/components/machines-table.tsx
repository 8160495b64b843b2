import type { CuttingMachine } from '@kerf/contracts';
import { Button, Group } from '@mantine/core';
import { IconAdjustments, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  activeColumn,
  codeColumn,
  DataTable,
  type DataTableColumn,
  nameColumn,
  RowAction,
  textColumn,
  useTableState,
} from '../../../components/data-table';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { formatNumber } from '../../../lib/format';
import { useDeleteMachine } from '../api/delete-machine';
import { MachineFormModal } from './machine-form-modal';
import { MachineIntervalModal } from './machine-interval-modal';
import { NetworkSetupBadge } from './network-setup-badge';

/** The machines of a location with create, edit (incl. network settings) and delete. */
export function MachinesTable({
  machines,
  isLoading,
  error,
  onRetry,
  printingShopId,
}: {
  machines: CuttingMachine[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  printingShopId?: string;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<CuttingMachine | 'new' | null>(null);
  const [intervalFor, setIntervalFor] = useState<CuttingMachine | null>(null);
  const remove = useDeleteMachine();
  const table = useTableState(machines, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (m) => `${m.name} ${m.serialNumber} ${m.designation ?? ''} ${m.manufacturer ?? ''}`,
  });

  const onDelete = async (machine: CuttingMachine) => {
    if (!(await confirmDelete(t, t('machines.thing'), machine.name))) return;
    try {
      await remove.mutateAsync(machine.id);
      notifyDeleted(t);
    } catch (err) {
      notifyError(err, t, i18n);
    }
  };

  const columns: DataTableColumn<CuttingMachine>[] = [
    nameColumn('name', t('machines.name'), (m) => m.name),
    codeColumn('serialNumber', t('machines.serialNumber'), (m) => m.serialNumber, {
      sortable: true,
    }),
    textColumn(
      'manufacturer',
      t('machines.manufacturer'),
      (m) => [m.manufacturer, m.designation].filter(Boolean).join(' · '),
      { sortable: true },
    ),
    {
      accessor: 'cuttingWidth',
      title: t('machines.cuttingWidth'),
      sortable: true,
      render: (m) =>
        m.cuttingWidth === null ? '' : t('common.mm', { value: formatNumber(m.cuttingWidth, i18n.language) }),
    },
    activeColumn('active', t('machines.active'), (m) => m.active, {
      active: t('common.active'),
      inactive: t('common.inactive'),
    }),
    {
      accessor: 'networkSetupState',
      title: t('network.setupState'),
      render: (m) => <NetworkSetupBadge state={m.networkSetupState} />,
    },
    actionsColumn(t('table.actions'), (m) => (
      <>
        <RowAction
          tooltip={t('actions.edit')}
          label={t('actions.editNamed', { name: m.name })}
          icon={<IconPencil size={18} aria-hidden />}
          onClick={() => setEditing(m)}
        />
        <RowAction
          tooltip={t('knifeInterval.label')}
          label={t('knifeInterval.machineTitle', { name: m.name })}
          icon={<IconAdjustments size={18} aria-hidden />}
          onClick={() => setIntervalFor(m)}
        />
        <RowAction
          tooltip={t('actions.delete')}
          label={t('actions.deleteNamed', { name: m.name })}
          icon={<IconTrash size={18} aria-hidden />}
          onClick={() => void onDelete(m)}
          danger
        />
      </>
    )),
  ];

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('machines.create')}
        </Button>
      </Group>
      <DataTable<CuttingMachine>
        label={t('machines.title')}
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
      {intervalFor && <MachineIntervalModal machine={intervalFor} onClose={() => setIntervalFor(null)} />}
      {editing && (
        <MachineFormModal
          opened
          machine={editing === 'new' ? undefined : editing}
          printingShopId={printingShopId}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
