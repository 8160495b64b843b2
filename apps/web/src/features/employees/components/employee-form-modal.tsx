import {
  type CreateUser,
  CreateUserSchema,
  type Employee,
  type GrindingEmployee,
  type Role,
  UpdateUserSchema,
} from '@kerf/contracts';
import { MultiSelect, PasswordInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, helpText, schemaErrors, useFormSubmit } from '../../../components/form';
import { renderNoTranslateOption } from '../../../components/inputs';
import { translateKey } from '../../../lib/i18n';
import { type ShopKind, useMinimalLocations } from '../../locations';
import { useAssignableRoles } from '../api/list-roles';
import { useSaveEmployee } from '../api/save-employee';

type Values = CreateUser & { printingShopIds: string[] };

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The user part as the auth contract wants it: empty optional texts as null, no password when blank. */
export function toUser({ printingShopIds: _ids, ...values }: Values, editing: boolean): CreateUser {
  return {
    ...values,
    email: orNull(values.email),
    displayName: orNull(values.displayName),
    personnelNumber: orNull(values.personnelNumber),
    password: editing && !values.password ? (undefined as unknown as string) : values.password,
  };
}

/** The locations an employee of either kind of shop works at. */
export const locationIdsOf = (employee: Employee | GrindingEmployee) =>
  'grindingShopIds' in employee ? employee.grindingShopIds : employee.printingShopIds;

/**
 * Create or edit an employee and their locations. The password is only required for a new account.
 * `kind` says whose locations they are (a grinding shop's employees start as grinders).
 */
export function EmployeeFormModal({
  opened,
  onClose,
  employee,
  printingShopId,
  kind = 'printing-shop',
}: {
  opened: boolean;
  onClose: () => void;
  employee?: Employee | GrindingEmployee;
  /** the location a new employee starts at (of either kind of shop) */
  printingShopId?: string;
  kind?: ShopKind;
}) {
  const { t } = useTranslation();
  const editing = Boolean(employee);
  const roles = useAssignableRoles();
  const locations = useMinimalLocations(kind);
  const save = useSaveEmployee(employee?.id, kind);
  const form = useForm<Values>({
    validateInputOnBlur: true,
    initialValues: {
      username: employee?.username ?? '',
      password: '',
      email: employee?.email ?? '',
      firstName: employee?.firstName ?? '',
      lastName: employee?.lastName ?? '',
      displayName: employee?.displayName ?? '',
      personnelNumber: employee?.personnelNumber ?? '',
      role: employee?.role ?? (kind === 'grinding-shop' ? 'GRINDER' : 'PRINTING_SHOP_OPERATOR'),
      active: employee?.active ?? true,
      printingShopIds: employee ? locationIdsOf(employee) : printingShopId ? [printingShopId] : [],
    },
    validate: (values) =>
      schemaErrors(editing ? UpdateUserSchema : CreateUserSchema, toUser(values, editing), t),
  });

  const submit = useFormSubmit(
    form,
    (values) => save.mutateAsync({ user: toUser(values, editing), locationIds: values.printingShopIds }),
    { onSaved: onClose },
  );

  const roleOptions = (roles.data ?? [])
    .map((role) => role.code)
    .concat(employee && !roles.data?.some((r) => r.code === employee.role) ? [employee.role] : [])
    .map((code: Role) => ({ value: code, label: translateKey(t, `roles.${code}`) }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('employees.editTitle') : t('employees.createTitle')}
      onSubmit={submit}
      submitting={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('employees.firstName')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('firstName')}
        />
        <TextInput label={t('employees.lastName')} withAsterisk {...form.getInputProps('lastName')} />
        <TextInput
          label={t('employees.username')}
          withAsterisk
          dir="ltr"
          autoComplete="off"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('employees.password')}
          withAsterisk={!editing}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
          description={editing ? t('employees.passwordKeep') : t('employees.passwordRule')}
          {...form.getInputProps('password')}
        />
        <TextInput
          label={t('employees.email')}
          type="email"
          dir="ltr"
          description={helpText(t, 'validEmail')}
          {...form.getInputProps('email')}
          value={form.values.email ?? ''}
        />
        <TextInput
          label={t('employees.displayName')}
          description={t('employees.displayNameHint')}
          {...form.getInputProps('displayName')}
          value={form.values.displayName ?? ''}
        />
        <TextInput
          label={t('employees.personnelNumber')}
          {...form.getInputProps('personnelNumber')}
          value={form.values.personnelNumber ?? ''}
        />
        <Select
          label={t('employees.role')}
          withAsterisk
          allowDeselect={false}
          data={roleOptions}
          {...form.getInputProps('role')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('employees.locations')}
        renderOption={renderNoTranslateOption}
        data={(locations.data ?? []).map((location) => ({ value: location.id, label: location.name }))}
        searchable
        {...form.getInputProps('printingShopIds')}
      />
      <Switch label={t('employees.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
