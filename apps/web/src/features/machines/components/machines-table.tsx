import type { CuttingMachine } from '@kerf/contracts';
import { Anchor, Button, Group } from '@mantine/core';
import { IconAdjustments, IconPlus, IconStethoscope } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  actionsColumn,
  activeColumn,
  codeColumn,
  DataTable,
  DeleteRowAction,
  EditRowAction,
  nameColumn,
  orEmpty,
  RowAction,
  type TableColumn,
  textColumn,
  useTableState,
} from '../../../components/data-table';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useDeleteMachine } from '../api/machines';
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
  readOnly = false,
  machineHref,
}: {
  machines: CuttingMachine[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  printingShopId?: string;
  /** for roles that may not manage machines (the manager): no create, edit or delete; the knife interval stays */
  readOnly?: boolean;
  /** links each machine's name to its details page */
  machineHref?: (machine: CuttingMachine) => string;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<CuttingMachine | 'new' | null>(null);
  const [intervalFor, setIntervalFor] = useState<CuttingMachine | null>(null);
  const remove = useDeleteMachine();
  const navigate = useNavigate();
  const table = useTableState(machines, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (m) => `${m.name} ${m.serialNumber} ${m.designation ?? ''} ${m.manufacturer ?? ''}`,
    sortValue: (m, column) =>
      column === 'manufacturer'
        ? [m.manufacturer, m.designation].filter(Boolean).join(' ')
        : column === 'active'
          ? Number(m.active)
          : column === 'networkSetupState'
            ? translateKey(t, `network.setupStates.${m.networkSetupState}`)
            : undefined,
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

  const columns: TableColumn<CuttingMachine>[] = [
    machineHref
      ? {
          accessor: 'name',
          title: t('machines.name'),
          sortable: true,
          render: (m) => (
            <Anchor component={Link} to={machineHref(m)} fw={500} translate="no" dir="auto">
              {m.name}
            </Anchor>
          ),
        }
      : nameColumn('name', t('machines.name'), (m) => m.name),
    codeColumn('serialNumber', t('machines.serialNumber'), (m) => m.serialNumber, {
      sortable: true,
    }),
    textColumn(
      'manufacturer',
      t('machines.manufacturer'),
      (m) => [m.manufacturer, m.designation].filter(Boolean).join(' · '),
      { sortable: true, priority: 'low' },
    ),
    {
      accessor: 'cuttingWidth',
      title: t('machines.cuttingWidth'),
      sortable: true,
      numeric: true,
      priority: 'low',
      render: (m) =>
        orEmpty(
          m.cuttingWidth === null
            ? null
            : t('common.mm', { value: formatNumber(m.cuttingWidth, i18n.language) }),
        ),
    },
    activeColumn(
      'active',
      t('machines.active'),
      (m) => m.active,
      {
        active: t('common.active'),
        inactive: t('common.inactive'),
      },
      { sortable: true },
    ),
    {
      accessor: 'networkSetupState',
      title: t('network.setupState'),
      sortable: true,
      render: (m) => <NetworkSetupBadge state={m.networkSetupState} />,
    },
    actionsColumn(t('table.actions'), (m) => (
      <>
        {!readOnly && <EditRowAction name={m.name} onClick={() => setEditing(m)} />}
        <RowAction
          tooltip={t('configOptions.tooltip')}
          label={t('configOptions.machineTitle', { name: m.name })}
          icon={<IconAdjustments size={18} aria-hidden />}
          onClick={() => setIntervalFor(m)}
        />
        {!readOnly && (
          <RowAction
            tooltip={t('setup.title')}
            label={t('setup.openFor', { name: m.name })}
            icon={<IconStethoscope size={18} aria-hidden />}
            onClick={() => navigate(`/printing-admin/setup/${m.id}`)}
          />
        )}
        {!readOnly && <DeleteRowAction name={m.name} onClick={() => void onDelete(m)} />}
      </>
    )),
  ];

  return (
    <>
      {!readOnly && (
        <Group justify="flex-end" mb="sm">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
            {t('machines.create')}
          </Button>
        </Group>
      )}
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
      {intervalFor && (
        <MachineIntervalModal
          machine={intervalFor}
          canSetIdealRate={!readOnly}
          onClose={() => setIntervalFor(null)}
        />
      )}
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
