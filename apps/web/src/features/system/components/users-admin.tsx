import type { SystemUser } from '@kerf/contracts';
import { Select } from '@mantine/core';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  activeColumn,
  codeColumn,
  DataTable,
  NarrowScreenLine,
  nameColumn,
  RowAction,
  type TableColumn,
  textColumn,
} from '../../../components/data-table';
import { confirm, notifyError, notifySuccess } from '../../../components/feedback';
import { translateKey } from '../../../lib/i18n';
import { useSystemTenants } from '../api/tenants';
import { useSetSystemUserActive, useSystemUsers } from '../api/users';
import { useServerPaging } from './use-server-paging';

const NO_SORT = { columnAccessor: 'username', direction: 'asc' } as const;

/** A tenant picker over every tenant (the audit and user filters). */
export function TenantFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const tenants = useSystemTenants({ page: 0, page_size: 1000 });
  return (
    <Select
      label={t('systemAdmin.filters.tenant')}
      placeholder={t('systemAdmin.filters.allTenants')}
      clearable
      searchable
      value={value}
      onChange={onChange}
      data={(tenants.data?.items ?? []).map((tenant) => ({
        value: tenant.id,
        label: `${tenant.name} (${tenant.slug})`,
      }))}
      maw={360}
    />
  );
}

/** Users of every tenant, searched by the server; deactivation ends the user's sessions at once. */
export function SystemUsersTable({ selfId }: { selfId?: string }) {
  const { t, i18n } = useTranslation();
  const paging = useServerPaging();
  const [tenantId, setTenantId] = useState<string | null>(null);
  const query = useSystemUsers({ ...paging.query, tenant_id: tenantId ?? undefined });
  const setActive = useSetSystemUserActive();

  const toggle = async (user: SystemUser) => {
    const deactivating = user.active;
    const name = `${user.username} (${user.tenantSlug})`;
    const confirmed = await confirm({
      title: deactivating
        ? t('systemAdmin.users.deactivateTitle', { name })
        : t('systemAdmin.users.activateTitle', { name }),
      message: deactivating
        ? t('systemAdmin.users.deactivateMessage')
        : t('systemAdmin.users.activateMessage'),
      confirmLabel: deactivating ? t('systemAdmin.users.deactivate') : t('systemAdmin.users.activate'),
      cancelLabel: t('actions.cancel'),
      danger: deactivating,
    });
    if (!confirmed) return;
    try {
      await setActive.mutateAsync({ id: user.id, active: !deactivating });
      notifySuccess(
        deactivating
          ? t('systemAdmin.users.deactivated', { name })
          : t('systemAdmin.users.activated', { name }),
        undefined,
        t('actions.close'),
      );
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };

  const columns: TableColumn<SystemUser>[] = [
    codeColumn('username', t('employees.username'), (user) => user.username, { priority: 'low' }),
    nameColumn('name', t('employees.name'), (user) => (
      <>
        {`${user.firstName} ${user.lastName}`}
        {/* on a phone the role column gives way: the role goes under the name */}
        <NarrowScreenLine>{translateKey(t, `roles.${user.role}`)}</NarrowScreenLine>
      </>
    )),
    textColumn('tenantName', t('systemAdmin.users.tenant'), (user) => user.tenantName, { priority: 'low' }),
    {
      accessor: 'role',
      title: t('employees.role'),
      priority: 'low',
      render: (user) => translateKey(t, `roles.${user.role}`),
    },
    textColumn('email', t('employees.email'), (user) => user.email, { priority: 'low' }),
    activeColumn('active', t('employees.active'), (user) => user.active, {
      active: t('tenants.active'),
      inactive: t('tenants.inactive'),
    }),
    actionsColumn(t('table.actions'), (user) =>
      user.id === selfId ? null : (
        <RowAction
          tooltip={user.active ? t('systemAdmin.users.deactivate') : t('systemAdmin.users.activate')}
          label={
            user.active
              ? t('systemAdmin.users.deactivateNamed', { name: user.username })
              : t('systemAdmin.users.activateNamed', { name: user.username })
          }
          icon={user.active ? <IconUserOff size={18} aria-hidden /> : <IconUserCheck size={18} aria-hidden />}
          danger={user.active}
          onClick={() => void toggle(user)}
        />
      ),
    ),
  ];

  return (
    <>
      <TenantFilter
        value={tenantId}
        onChange={(id) => {
          setTenantId(id);
          paging.resetPage();
        }}
      />
      <DataTable<SystemUser>
        label={t('systemAdmin.users.title')}
        columns={columns}
        idAccessor="id"
        records={query.data?.items}
        totalRecords={query.data?.total ?? 0}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        sortStatus={NO_SORT}
        onSortStatusChange={() => {}}
        empty={{ title: t('table.empty') }}
        {...paging.table}
      />
    </>
  );
}
