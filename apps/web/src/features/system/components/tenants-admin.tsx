import {
  ADMIN_ROLE_OF_KIND,
  CREATABLE_TENANT_KINDS,
  type CreateTenant,
  CreateTenantSchema,
  type SystemTenant,
} from '@kerf/contracts';
import { Button, Group, PasswordInput, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingPlus, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  activeColumn,
  codeColumn,
  DataTable,
  dateColumn,
  nameColumn,
  RowAction,
  type TableColumn,
} from '../../../components/data-table';
import { confirm, notifyError, notifySuccess } from '../../../components/feedback';
import { FormModal, schemaErrors, useFormSubmit } from '../../../components/form';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useCreateTenant, useSetTenantActive, useSystemTenants } from '../api/tenants';
import { useServerPaging } from './use-server-paging';

const NO_SORT = { columnAccessor: 'name', direction: 'asc' } as const;

/**
 * Every tenant of the platform, paged and searched by the server: users and machines, state, and
 * the system admin's actions — create a tenant with its first admin, disable one (its users are
 * signed out at once and its machines disconnected) and enable it again, each after a confirmation.
 */
export function SystemTenantsTable({ ownTenantId }: { ownTenantId?: string }) {
  const { t, i18n } = useTranslation();
  const paging = useServerPaging();
  const [state, setState] = useState<'all' | 'true' | 'false'>('all');
  const query = useSystemTenants({ ...paging.query, active: state === 'all' ? undefined : state });
  const setActive = useSetTenantActive();
  const [creating, setCreating] = useState(false);
  const number = (value: number) => formatNumber(value, i18n.language);

  const toggle = async (tenant: SystemTenant) => {
    const disabling = tenant.active;
    const confirmed = await confirm({
      title: disabling
        ? t('systemAdmin.tenants.disableTitle', { name: tenant.name })
        : t('systemAdmin.tenants.enableTitle', { name: tenant.name }),
      message: disabling ? t('systemAdmin.tenants.disableMessage') : t('systemAdmin.tenants.enableMessage'),
      confirmLabel: disabling ? t('systemAdmin.tenants.disable') : t('systemAdmin.tenants.enable'),
      cancelLabel: t('actions.cancel'),
      danger: disabling,
    });
    if (!confirmed) return;
    try {
      await setActive.mutateAsync({ id: tenant.id, active: !disabling });
      notifySuccess(
        disabling
          ? t('systemAdmin.tenants.disabled', { name: tenant.name })
          : t('systemAdmin.tenants.enabled', { name: tenant.name }),
        undefined,
        t('actions.close'),
      );
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };

  const columns: TableColumn<SystemTenant>[] = [
    nameColumn('name', t('tenants.name'), (tenant) => tenant.name),
    codeColumn('slug', t('tenants.slug'), (tenant) => tenant.slug, { priority: 'low' }),
    {
      accessor: 'kind',
      title: t('tenants.kind'),
      priority: 'low',
      render: (tenant) => translateKey(t, `tenants.kinds.${tenant.kind}`),
    },
    {
      accessor: 'users',
      title: t('systemAdmin.tenants.users'),
      priority: 'low',
      numeric: true,
      render: (x) => number(x.users),
    },
    {
      accessor: 'machines',
      title: t('systemAdmin.tenants.machines'),
      priority: 'low',
      numeric: true,
      render: (x) => number(x.machines),
    },
    activeColumn('active', t('tenants.active'), (tenant) => tenant.active, {
      active: t('tenants.active'),
      inactive: t('systemAdmin.tenants.disabledState'),
    }),
    dateColumn('createdAt', t('tenants.createdAt'), (tenant) => tenant.createdAt, { priority: 'low' }),
    actionsColumn(t('table.actions'), (tenant) =>
      tenant.id === ownTenantId ? null : (
        <RowAction
          tooltip={tenant.active ? t('systemAdmin.tenants.disable') : t('systemAdmin.tenants.enable')}
          label={
            tenant.active
              ? t('systemAdmin.tenants.disableNamed', { name: tenant.name })
              : t('systemAdmin.tenants.enableNamed', { name: tenant.name })
          }
          icon={tenant.active ? <IconLock size={18} aria-hidden /> : <IconLockOpen size={18} aria-hidden />}
          danger={tenant.active}
          onClick={() => void toggle(tenant)}
        />
      ),
    ),
  ];

  return (
    <>
      <Group justify="space-between" align="end">
        <SegmentedControl
          aria-label={t('systemAdmin.tenants.stateFilter')}
          value={state}
          onChange={(value) => {
            setState(value as typeof state);
            paging.resetPage();
          }}
          data={[
            { value: 'all', label: t('systemAdmin.tenants.all') },
            { value: 'true', label: t('tenants.active') },
            { value: 'false', label: t('systemAdmin.tenants.disabledState') },
          ]}
        />
        <Button leftSection={<IconBuildingPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('systemAdmin.tenants.create')}
        </Button>
      </Group>
      <DataTable<SystemTenant>
        label={t('systemAdmin.tenants.title')}
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
      {creating && <CreateTenantModal onClose={() => setCreating(false)} />}
    </>
  );
}

const initialValues: CreateTenant = {
  slug: '',
  name: '',
  kind: 'PRINTING_SHOP',
  admin: { username: 'admin', email: '', firstName: '', lastName: '', password: '' },
};

/** A new tenant and its first admin (the admin then creates everyone else). */
function CreateTenantModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateTenant();
  const form = useForm<CreateTenant>({
    validateInputOnBlur: true,
    initialValues,
    validate: (values) => schemaErrors(CreateTenantSchema, values, t),
  });
  const submit = useFormSubmit(form, (values) => create.mutateAsync(values), {
    onSaved: onClose,
    onError: (error) => {
      if ((error as { code?: string }).code === 'service.knives.TENANT_ID_TAKEN') {
        form.setFieldError('slug', t('systemAdmin.tenants.slugTaken'));
        return true;
      }
      return false;
    },
  });
  const adminRole = translateKey(t, `roles.${ADMIN_ROLE_OF_KIND[form.values.kind]}`);
  return (
    <FormModal
      onClose={onClose}
      title={t('systemAdmin.tenants.createTitle')}
      onSubmit={submit}
      submitting={create.isPending}
    >
      <TextInput label={t('tenants.name')} required {...form.getInputProps('name')} />
      <TextInput
        label={t('tenants.slug')}
        description={t('systemAdmin.tenants.slugHelp')}
        required
        dir="ltr"
        {...form.getInputProps('slug')}
      />
      <Select
        label={t('tenants.kind')}
        required
        allowDeselect={false}
        data={CREATABLE_TENANT_KINDS.map((kind) => ({
          value: kind,
          label: translateKey(t, `tenants.kinds.${kind}`),
        }))}
        {...form.getInputProps('kind')}
      />
      <Text fw={600} mt="xs">
        {t('systemAdmin.tenants.firstAdmin', { role: adminRole })}
      </Text>
      <Group grow align="start">
        <TextInput label={t('employees.firstName')} required {...form.getInputProps('admin.firstName')} />
        <TextInput label={t('employees.lastName')} required {...form.getInputProps('admin.lastName')} />
      </Group>
      <TextInput
        label={t('employees.username')}
        required
        dir="ltr"
        {...form.getInputProps('admin.username')}
      />
      <TextInput
        label={t('employees.email')}
        type="email"
        required
        dir="ltr"
        {...form.getInputProps('admin.email')}
      />
      <PasswordInput
        label={t('employees.password')}
        required
        autoComplete="new-password"
        {...form.getInputProps('admin.password')}
      />
    </FormModal>
  );
}
