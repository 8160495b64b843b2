import type { User } from '@kerf/contracts';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  activeColumn,
  codeColumn,
  DataTable,
  EditRowAction,
  NarrowScreenLine,
  nameColumn,
  RowAction,
  type TableColumn,
  useTableState,
} from '../../../components/data-table';
import { confirm, notifyError, notifySuccess } from '../../../components/feedback';
import { usePageTitle } from '../../../components/layout';
import { UserFormModal, useSetUserActive, useTenantUsers } from '../../../features/employees';
import { useSelf } from '../../../features/session';
import { translateKey } from '../../../lib/i18n';

/** The manufacturer admin's users: list, add, edit, deactivate (with confirmation) and reactivate. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const users = useTenantUsers();
  const setActive = useSetUserActive();
  const self = useSelf();
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  usePageTitle(t('manufacturer.usersTitle'));
  const name = (u: User) => `${u.firstName} ${u.lastName}`;
  const table = useTableState(users.data, i18n.language, {
    initialSort: { columnAccessor: 'lastName', direction: 'asc' },
    searchText: (u) => `${name(u)} ${u.username} ${u.email ?? ''}`,
    sortValue: (u, column) => (column === 'lastName' ? `${u.lastName} ${u.firstName}` : undefined),
  });
  const toggle = async (user: User) => {
    const active = !user.active;
    if (
      !active &&
      !(await confirm({
        title: t('manufacturer.deactivateTitle'),
        message: t('manufacturer.deactivateMessage', { name: name(user) }),
        confirmLabel: t('manufacturer.deactivate'),
        cancelLabel: t('actions.cancel'),
        danger: true,
      }))
    )
      return;
    try {
      await setActive.mutateAsync({ user, active });
      notifySuccess(
        t(active ? 'manufacturer.reactivated' : 'manufacturer.deactivated', { name: name(user) }),
        undefined,
        t('actions.close'),
      );
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  const columns: TableColumn<User>[] = [
    nameColumn('lastName', t('employees.name'), (u) => (
      <>
        {name(u)}
        {/* on a phone the role column gives way: the role goes under the name */}
        <NarrowScreenLine>{translateKey(t, `roles.${u.role}`)}</NarrowScreenLine>
      </>
    )),
    codeColumn('username', t('employees.username'), (u) => u.username, { sortable: true, priority: 'low' }),
    {
      accessor: 'role',
      title: t('employees.role'),
      sortable: true,
      priority: 'low',
      render: (u) => translateKey(t, `roles.${u.role}`),
    },
    activeColumn(
      'active',
      t('employees.active'),
      (u) => u.active,
      { active: t('common.active'), inactive: t('common.inactive') },
      { sortable: true, priority: 'low' },
    ),
    actionsColumn<User>(t('table.actions'), (u) => (
      <>
        <EditRowAction name={name(u)} onClick={() => setEditing(u)} />
        {u.active ? (
          <RowAction
            tooltip={t('manufacturer.deactivate')}
            label={t('manufacturer.deactivateNamed', { name: name(u) })}
            icon={<IconUserOff size={18} aria-hidden />}
            onClick={() => void toggle(u)}
            disabled={u.id === self.data?.id}
            danger
          />
        ) : (
          <RowAction
            tooltip={t('manufacturer.reactivate')}
            label={t('manufacturer.reactivateNamed', { name: name(u) })}
            icon={<IconUserCheck size={18} aria-hidden />}
            onClick={() => void toggle(u)}
          />
        )}
      </>
    )),
  ];
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t('manufacturer.usersTitle')}</Title>
            <Text c="dimmed">{t('manufacturer.usersHint')}</Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('employees.create')}
          </Button>
        </Group>
        <DataTable<User>
          label={t('manufacturer.usersTitle')}
          columns={columns}
          idAccessor="id"
          isLoading={users.isPending}
          error={users.error}
          onRetry={() => void users.refetch()}
          empty={{ title: t('manufacturer.noUsers') }}
          {...table}
        />
      </Stack>
      {editing && (
        <UserFormModal user={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Container>
  );
}
