import type { GrindingMachine } from '@kerf/contracts';
import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  activeColumn,
  codeColumn,
  DataTable,
  DeleteRowAction,
  EditRowAction,
  nameColumn,
  type TableColumn,
  textColumn,
  useTableState,
} from '../../../components/data-table';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { formatNumber } from '../../../lib/format';
import { useDeleteGrindingMachine } from '../api/grinding-machines';
import { GrindingMachineFormModal } from './grinding-machine-form-modal';

/** The grinding machines of a location with add, edit and delete. */
export function GrindingMachinesTable({
  machines,
  isLoading,
  error,
  onRetry,
  locationId,
  locations,
}: {
  machines: GrindingMachine[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  locationId: string;
  locations: { id: string; name: string }[];
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<GrindingMachine | 'new' | null>(null);
  const remove = useDeleteGrindingMachine();
  const table = useTableState(machines, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (m) => `${m.name} ${m.manufacturer ?? ''} ${m.designation ?? ''} ${m.serialNumber}`,
    sortValue: (m, column) =>
      column === 'active'
        ? Number(m.active)
        : column === 'maxKnifeLength'
          ? (m.maxKnifeLength ?? 0)
          : String(m[column as keyof GrindingMachine] ?? ''),
  });

  const onDelete = async (machine: GrindingMachine) => {
    if (!(await confirmDelete(t, t('grindingAdmin.machines.thing'), machine.name))) return;
    try {
      await remove.mutateAsync(machine.id);
      notifyDeleted(t);
    } catch (err) {
      notifyError(err, t, i18n);
    }
  };

  const columns: TableColumn<GrindingMachine>[] = [
    nameColumn('name', t('grindingAdmin.machines.name'), (m) => m.name),
    textColumn('manufacturer', t('grindingAdmin.machines.manufacturer'), (m) => m.manufacturer, {
      sortable: true,
    }),
    textColumn('designation', t('grindingAdmin.machines.designation'), (m) => m.designation, {
      sortable: true,
      priority: 'low',
    }),
    codeColumn('serialNumber', t('grindingAdmin.machines.serialNumber'), (m) => m.serialNumber, {
      sortable: true,
    }),
    {
      accessor: 'maxKnifeLength',
      title: t('grindingAdmin.machines.maxKnifeLength'),
      sortable: true,
      numeric: true,
      priority: 'low',
      render: (m) => (m.maxKnifeLength === null ? '' : `${formatNumber(m.maxKnifeLength, i18n.language)} mm`),
    },
    activeColumn(
      'active',
      t('grindingAdmin.machines.active'),
      (m) => m.active,
      { active: t('common.active'), inactive: t('common.inactive') },
      { sortable: true },
    ),
    actionsColumn<GrindingMachine>(t('table.actions'), (m) => (
      <>
        <EditRowAction name={m.name} onClick={() => setEditing(m)} />
        <DeleteRowAction name={m.name} onClick={() => void onDelete(m)} />
      </>
    )),
  ];

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      {t('grindingAdmin.machines.create')}
    </Button>
  );

  return (
    <>
      <Group justify="flex-end" mb="sm">
        {addButton}
      </Group>
      <DataTable<GrindingMachine>
        label={t('grindingAdmin.machines.title')}
        columns={columns}
        idAccessor="id"
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        empty={{
          title: t('grindingAdmin.machines.emptyTitle'),
          description: t('grindingAdmin.machines.emptyText'),
        }}
        {...table}
      />
      {editing && (
        <GrindingMachineFormModal
          opened
          machine={editing === 'new' ? undefined : editing}
          locationId={locationId}
          locations={locations}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
