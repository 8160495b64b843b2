import type { CuttingMachine } from '@kerf/contracts';
import { Button, Group, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconCircleCheck,
  IconCircleOff,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  type DataTableColumn,
  RowAction,
  RowActions,
  useTableState,
} from '../../../components/data-table';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { ToneBadge } from '../../../components/status';
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
    if (!(await confirmDelete(t, t('printingAdmin.machines.thing'), machine.name))) return;
    try {
      await remove.mutateAsync(machine.id);
      notifyDeleted(t);
    } catch (err) {
      notifyError(err, t, i18n);
    }
  };

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
      accessor: 'manufacturer',
      title: t('printingAdmin.machines.manufacturer'),
      sortable: true,
      render: (m) => (
        <span translate="no">{[m.manufacturer, m.designation].filter(Boolean).join(' · ')}</span>
      ),
    },
    {
      accessor: 'cuttingWidth',
      title: t('printingAdmin.machines.cuttingWidth'),
      sortable: true,
      render: (m) =>
        m.cuttingWidth === null
          ? ''
          : t('printingAdmin.common.mm', { value: formatNumber(m.cuttingWidth, i18n.language) }),
    },
    {
      accessor: 'active',
      title: t('printingAdmin.machines.active'),
      render: (m) => (
        <ToneBadge color={m.active ? 'green.8' : 'gray.7'} icon={m.active ? IconCircleCheck : IconCircleOff}>
          {m.active ? t('printingAdmin.common.active') : t('printingAdmin.common.inactive')}
        </ToneBadge>
      ),
    },
    {
      accessor: 'networkSetupState',
      title: t('printingAdmin.network.setupState'),
      render: (m) => <NetworkSetupBadge state={m.networkSetupState} />,
    },
    {
      accessor: 'actions',
      title: t('printingAdmin.common.actions'),
      render: (m) => (
        <RowActions>
          <RowAction
            tooltip={t('printingAdmin.common.edit')}
            label={t('printingAdmin.common.editNamed', { name: m.name })}
            icon={<IconPencil size={18} aria-hidden />}
            onClick={() => setEditing(m)}
          />
          <RowAction
            tooltip={t('printingAdmin.knifeInterval.label')}
            label={t('printingAdmin.knifeInterval.machineTitle', { name: m.name })}
            icon={<IconAdjustments size={18} aria-hidden />}
            onClick={() => setIntervalFor(m)}
          />
          <RowAction
            tooltip={t('actions.delete')}
            label={t('printingAdmin.common.deleteNamed', { name: m.name })}
            icon={<IconTrash size={18} aria-hidden />}
            onClick={() => void onDelete(m)}
            danger
          />
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('printingAdmin.machines.create')}
        </Button>
      </Group>
      <DataTable<CuttingMachine>
        label={t('printingAdmin.machines.title')}
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
