import type { ServiceEmployee } from '@kerf/contracts';
import { Button, Group, Text } from '@mantine/core';
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
  orEmpty,
  type TableColumn,
  useTableState,
} from '../../../components/data-table';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { translateKey } from '../../../lib/i18n';
import { useSelf } from '../../session';
import { useDeleteServiceEmployee, useServiceAreas } from '../api/service-areas';
import { ServiceEmployeeFormModal } from './service-employee-form-modal';

/** Customer-service employees with their service areas; add, edit, delete. */
export function ServiceEmployeesTable({
  employees,
  isLoading,
  error,
  onRetry,
  serviceAreaId,
}: {
  employees: ServiceEmployee[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  serviceAreaId?: string;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<ServiceEmployee | 'new' | null>(null);
  const areas = useServiceAreas();
  const remove = useDeleteServiceEmployee();
  const selfId = useSelf().data?.id;
  const areaNames = (e: ServiceEmployee) =>
    e.serviceAreaIds
      .map((id) => areas.data?.find((a) => a.id === id)?.name)
      .filter(Boolean)
      .join(', ');
  const name = (e: ServiceEmployee) => `${e.firstName} ${e.lastName}`;
  const table = useTableState(employees, i18n.language, {
    initialSort: { columnAccessor: 'lastName', direction: 'asc' },
    searchText: (e) => `${name(e)} ${e.username} ${areaNames(e)}`,
    sortValue: (e, column) =>
      column === 'lastName' ? `${e.lastName} ${e.firstName}` : column === 'areas' ? areaNames(e) : undefined,
  });
  const onDelete = async (employee: ServiceEmployee) => {
    if (!(await confirmDelete(t, t('employees.thing'), name(employee)))) return;
    try {
      await remove.mutateAsync(employee.id);
      notifyDeleted(t);
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  const columns: TableColumn<ServiceEmployee>[] = [
    nameColumn('lastName', t('employees.name'), (e) => (
      <>
        {name(e)}
        {/* a phone shows the role under the name, so the actions keep their room */}
        <Text component="span" display="block" size="xs" c="dimmed" hiddenFrom="xs" translate="yes">
          {translateKey(t, `roles.${e.role}`)}
        </Text>
      </>
    )),
    codeColumn('username', t('employees.username'), (e) => e.username, { sortable: true, priority: 'low' }),
    {
      accessor: 'role',
      title: t('employees.role'),
      sortable: true,
      visibleFrom: 'xs',
      render: (e) => translateKey(t, `roles.${e.role}`),
    },
    {
      accessor: 'areas',
      title: t('customerService.areas.title'),
      sortable: true,
      priority: 'low',
      render: (e) =>
        orEmpty(
          <Text size="sm" translate="no">
            {areaNames(e)}
          </Text>,
        ),
    },
    activeColumn(
      'active',
      t('employees.active'),
      (e) => e.active,
      { active: t('common.active'), inactive: t('common.inactive') },
      { sortable: true, priority: 'low' },
    ),
    actionsColumn<ServiceEmployee>(t('table.actions'), (e) => (
      <>
        <EditRowAction name={name(e)} onClick={() => setEditing(e)} />
        {/* the server refuses deleting one's own account: not offered */}
        <DeleteRowAction name={name(e)} onClick={() => void onDelete(e)} disabled={e.id === selfId} />
      </>
    )),
  ];
  return (
    <>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('employees.create')}
        </Button>
      </Group>
      <DataTable<ServiceEmployee>
        label={t('customerService.employeesTitle')}
        columns={columns}
        idAccessor="id"
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        empty={{ title: t('customerService.noEmployees') }}
        {...table}
      />
      {editing && (
        <ServiceEmployeeFormModal
          employee={editing === 'new' ? undefined : editing}
          serviceAreaId={serviceAreaId}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
