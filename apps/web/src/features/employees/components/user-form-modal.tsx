import { type CreateUser, CreateUserSchema, type Role, UpdateUserSchema, type User } from '@kerf/contracts';
import { Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, schemaErrors, useFormSubmit } from '../../../components/form';
import { useAssignableRoles } from '../api/employees';
import { useSaveUser } from '../api/users';
import { toUserBody, UserFields, userFormValues } from './user-fields';

/**
 * Create or edit a user of a tenant without locations (a manufacturer's staff): the shared account
 * fields and the roles the signed-in admin may give. Field-level errors from the schema and the server.
 */
export function UserFormModal({
  user,
  defaultRole = 'MANUFACTURER',
  onClose,
}: {
  user?: User;
  /** the role a new user starts with */
  defaultRole?: Role;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const editing = Boolean(user);
  const roles = useAssignableRoles();
  const save = useSaveUser(user?.id);
  const form = useForm<CreateUser>({
    validateInputOnBlur: true,
    initialValues: userFormValues(user, defaultRole),
    validate: (values) =>
      schemaErrors(editing ? UpdateUserSchema : CreateUserSchema, toUserBody(values, editing), t),
  });
  const submit = useFormSubmit(form, (values) => save.mutateAsync(toUserBody(values, editing)), {
    onSaved: onClose,
  });
  return (
    <FormModal
      onClose={onClose}
      title={editing ? t('employees.editTitle') : t('employees.createTitle')}
      onSubmit={submit}
      submitting={save.isPending}
    >
      <UserFields form={form} editing={editing} roles={(roles.data ?? []).map((role) => role.code)} />
      <Switch label={t('employees.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
