import type { Employee } from '@kerf/contracts';
import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
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
import { translateKey } from '../../../lib/i18n';
import { useSelf } from '../../session';
import { useDeleteEmployee } from '../api/delete-employee';
import { EmployeeFormModal } from './employee-form-modal';

const fullName = (employee: Employee) => `${employee.firstName} ${employee.lastName}`;

/** The employees of a location with create, edit and delete. */
export function EmployeesTable({
  employees,
  isLoading,
  error,
  onRetry,
  printingShopId,
}: {
  employees: Employee[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  printingShopId?: string;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Employee | 'new' | null>(null);
  const remove = useDeleteEmployee();
  const selfId = useSelf().data?.id;
  const table = useTableState(employees, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (e) => `${fullName(e)} ${e.username} ${e.displayName ?? ''} ${e.personnelNumber ?? ''}`,
    sortValue: (e, column) =>
      column === 'name' ? `${e.lastName} ${e.firstName}` : String(e[column as keyof Employee] ?? ''),
  });

  const onDelete = async (employee: Employee) => {
    if (!(await confirmDelete(t, t('printingAdmin.employees.thing'), fullName(employee)))) return;
    try {
      await remove.mutateAsync(employee.id);
      notifyDeleted(t);
    } catch (err) {
      notifyError(err, t, i18n);
    }
  };

  const columns: DataTableColumn<Employee>[] = [
    {
      accessor: 'name',
      title: t('printingAdmin.employees.name'),
      sortable: true,
      render: (e) => (
        <Text size="sm" fw={500} translate="no" dir="auto">
          {fullName(e)}
        </Text>
      ),
    },
    {
      accessor: 'displayName',
      title: t('printingAdmin.employees.displayName'),
      sortable: true,
      render: (e) =>
        e.displayName ? (
          <span translate="no" dir="auto">
            {e.displayName}
          </span>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('printingAdmin.employees.noPseudonym')}
          </Text>
        ),
    },
    {
      accessor: 'username',
      title: t('printingAdmin.employees.username'),
      sortable: true,
      render: (e) => (
        <Text span size="sm" ff="monospace" translate="no" dir="ltr">
          {e.username}
        </Text>
      ),
    },
    {
      accessor: 'personnelNumber',
      title: t('printingAdmin.employees.personnelNumber'),
      render: (e) => <span translate="no">{e.personnelNumber ?? ''}</span>,
    },
    {
      accessor: 'role',
      title: t('printingAdmin.employees.role'),
      render: (e) => translateKey(t, `roles.${e.role}`),
    },
    {
      accessor: 'active',
      title: t('printingAdmin.employees.active'),
      render: (e) => (
        <ToneBadge color={e.active ? 'green.8' : 'gray.7'} icon={e.active ? IconCircleCheck : IconCircleOff}>
          {e.active ? t('printingAdmin.common.active') : t('printingAdmin.common.inactive')}
        </ToneBadge>
      ),
    },
    {
      accessor: 'actions',
      title: t('printingAdmin.common.actions'),
      render: (e) => (
        <RowActions>
          <RowAction
            tooltip={t('printingAdmin.common.edit')}
            label={t('printingAdmin.common.editNamed', { name: fullName(e) })}
            icon={<IconPencil size={18} aria-hidden />}
            onClick={() => setEditing(e)}
            disabled={e.id === selfId}
          />
          <RowAction
            tooltip={t('actions.delete')}
            label={t('printingAdmin.common.deleteNamed', { name: fullName(e) })}
            icon={<IconTrash size={18} aria-hidden />}
            onClick={() => void onDelete(e)}
            disabled={e.id === selfId}
            danger
          />
        </RowActions>
      ),
    },
  ];

  const addButton = (
    <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      {t('printingAdmin.employees.create')}
    </Button>
  );

  return (
    <>
      <Group justify="flex-end" mb="sm">
        {addButton}
      </Group>
      <DataTable<Employee>
        label={t('printingAdmin.employees.title')}
        columns={columns}
        idAccessor="id"
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        empty={{
          title: t('printingAdmin.employees.emptyTitle'),
          description: t('printingAdmin.employees.emptyText'),
        }}
        {...table}
      />
      {editing && (
        <EmployeeFormModal
          opened
          employee={editing === 'new' ? undefined : editing}
          printingShopId={printingShopId}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
