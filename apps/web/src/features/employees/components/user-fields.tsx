import type { CreateUser, Role, User } from '@kerf/contracts';
import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { helpText } from '../../../components/form';
import { translateKey } from '../../../lib/i18n';

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The account fields of a user form, as they start: empty for a new account, the user's for an edit. */
export function userFormValues<R extends Role>(user: Partial<User> | undefined, role: R) {
  return {
    username: user?.username ?? '',
    password: '',
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    displayName: user?.displayName ?? '',
    personnelNumber: user?.personnelNumber ?? '',
    role: (user?.role as R | undefined) ?? role,
    active: user?.active ?? true,
  };
}

/**
 * The user part as the auth contract wants it: empty optional texts as null, no password when
 * blank on an edit. Extra fields of the form (its assignments) are left to the caller.
 */
export function toUserBody<V extends CreateUser>(values: V, editing: boolean): V {
  return {
    ...values,
    email: orNull(values.email),
    displayName: orNull(values.displayName),
    personnelNumber: orNull(values.personnelNumber),
    password: editing && !values.password ? (undefined as unknown as string) : values.password,
  };
}

/**
 * The account fields every user form shares (printing-shop employees, customer-service staff,
 * manufacturer users): names, username, password, e-mail, pseudonym, personnel number and role.
 */
export function UserFields<V extends CreateUser>({
  form,
  editing,
  roles,
  autoFocus = true,
  self = false,
}: {
  form: UseFormReturnType<V>;
  editing: boolean;
  /** the roles to offer (the user's own is added when the signed-in admin may not give it) */
  roles: readonly Role[];
  autoFocus?: boolean;
  /** the signed-in user's own account: the server refuses a change of their own role */
  self?: boolean;
}) {
  const { t } = useTranslation();
  const current = form.values.role as Role;
  const roleOptions = (roles.includes(current) ? roles : [...roles, current]).map((code) => ({
    value: code,
    label: translateKey(t, `roles.${code}`),
  }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('employees.firstName')}
        withAsterisk
        data-autofocus={autoFocus || undefined}
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
        disabled={self}
        description={self ? t('employees.ownRoleLocked') : undefined}
      />
    </SimpleGrid>
  );
}
