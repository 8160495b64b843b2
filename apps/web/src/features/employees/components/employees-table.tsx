import type { GrindingEmployee, Employee as PrintingShopEmployee } from '@kerf/contracts';
import { Button, Group, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
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
import { translateKey } from '../../../lib/i18n';
import type { ShopKind } from '../../locations';
import { useSelf } from '../../session';
import { useDeleteEmployee } from '../api/employees';
import { EmployeeFormModal } from './employee-form-modal';

type Employee = PrintingShopEmployee | GrindingEmployee;

const fullName = (employee: Employee) => `${employee.firstName} ${employee.lastName}`;

/** The employees of a location with create, edit and delete. */
export function EmployeesTable({
  employees,
  isLoading,
  error,
  onRetry,
  printingShopId,
  readOnly = false,
  kind = 'printing-shop',
}: {
  employees: Employee[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  printingShopId?: string;
  /** for roles that may read but not manage employees (the manager): no create, edit, delete */
  readOnly?: boolean;
  /** whose employees: a printing shop's or a grinding shop's */
  kind?: ShopKind;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Employee | 'new' | null>(null);
  const remove = useDeleteEmployee();
  const selfId = useSelf().data?.id;
  const table = useTableState(employees, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (e) => `${fullName(e)} ${e.username} ${e.displayName ?? ''} ${e.personnelNumber ?? ''}`,
    sortValue: (e, column) =>
      column === 'name'
        ? `${e.lastName} ${e.firstName}`
        : column === 'role'
          ? translateKey(t, `roles.${e.role}`)
          : column === 'active'
            ? Number(e.active)
            : String(e[column as keyof Employee] ?? ''),
  });

  const onDelete = async (employee: Employee) => {
    if (!(await confirmDelete(t, t('employees.thing'), fullName(employee)))) return;
    try {
      await remove.mutateAsync(employee.id);
      notifyDeleted(t);
    } catch (err) {
      notifyError(err, t, i18n);
    }
  };

  // narrow screens keep name, user name, role, state and the actions; the rest shows from `md` up
  const columns: TableColumn<Employee>[] = [
    nameColumn('name', t('employees.name'), fullName),
    {
      accessor: 'displayName',
      title: t('employees.displayName'),
      sortable: true,
      priority: 'low',
      render: (e) =>
        e.displayName ? (
          <span translate="no" dir="auto">
            {e.displayName}
          </span>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('employees.noPseudonym')}
          </Text>
        ),
    },
    codeColumn('username', t('employees.username'), (e) => e.username, { sortable: true }),
    textColumn('personnelNumber', t('employees.personnelNumber'), (e) => e.personnelNumber, {
      sortable: true,
      priority: 'low',
    }),
    textColumn('email', t('employees.email'), (e) => e.email, { sortable: true, priority: 'low' }),
    {
      accessor: 'role',
      title: t('employees.role'),
      sortable: true,
      render: (e) => translateKey(t, `roles.${e.role}`),
    },
    activeColumn(
      'active',
      t('employees.active'),
      (e) => e.active,
      {
        active: t('common.active'),
        inactive: t('common.inactive'),
      },
      { sortable: true },
    ),
    ...(readOnly
      ? []
      : [
          actionsColumn<Employee>(t('table.actions'), (e) => (
            <>
              <EditRowAction name={fullName(e)} onClick={() => setEditing(e)} disabled={e.id === selfId} />
              <DeleteRowAction
                name={fullName(e)}
                onClick={() => void onDelete(e)}
                disabled={e.id === selfId}
              />
            </>
          )),
        ]),
  ];

  const addButton = (
    <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      {t('employees.create')}
    </Button>
  );

  return (
    <>
      {!readOnly && (
        <Group justify="flex-end" mb="sm">
          {addButton}
        </Group>
      )}
      <DataTable<Employee>
        label={t('employees.title')}
        columns={columns}
        idAccessor="id"
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        empty={{
          title: t('employees.emptyTitle'),
          description: t('employees.emptyText'),
        }}
        {...table}
      />
      {editing && (
        <EmployeeFormModal
          opened
          employee={editing === 'new' ? undefined : editing}
          printingShopId={printingShopId}
          kind={kind}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
