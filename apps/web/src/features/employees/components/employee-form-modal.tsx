import { type CreateUser, CreateUserSchema, type Employee, UpdateUserSchema } from '@kerf/contracts';
import { MultiSelect, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, schemaErrors, useFormSubmit } from '../../../components/form';
import { renderNoTranslateOption } from '../../../components/inputs';
import { useMinimalLocations } from '../../locations';
import { useAssignableRoles } from '../api/list-roles';
import { useSaveEmployee } from '../api/save-employee';
import { toUserBody, UserFields, userFormValues } from './user-fields';

type Values = CreateUser & { printingShopIds: string[] };

/** The user part as the auth contract wants it: empty optional texts as null, no password when blank. */
export function toUser({ printingShopIds: _ids, ...values }: Values, editing: boolean): CreateUser {
  return toUserBody(values, editing);
}

/** Create or edit an employee and their locations. The password is only required for a new account. */
export function EmployeeFormModal({
  opened,
  onClose,
  employee,
  printingShopId,
}: {
  opened: boolean;
  onClose: () => void;
  employee?: Employee;
  printingShopId?: string;
}) {
  const { t } = useTranslation();
  const editing = Boolean(employee);
  const roles = useAssignableRoles();
  const locations = useMinimalLocations();
  const save = useSaveEmployee(employee?.id);
  const form = useForm<Values>({
    validateInputOnBlur: true,
    initialValues: {
      ...userFormValues(employee, 'PRINTING_SHOP_OPERATOR'),
      printingShopIds: employee?.printingShopIds ?? (printingShopId ? [printingShopId] : []),
    },
    validate: (values) =>
      schemaErrors(editing ? UpdateUserSchema : CreateUserSchema, toUser(values, editing), t),
  });

  const submit = useFormSubmit(
    form,
    (values) => save.mutateAsync({ user: toUser(values, editing), printingShopIds: values.printingShopIds }),
    { onSaved: onClose },
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('employees.editTitle') : t('employees.createTitle')}
      onSubmit={submit}
      submitting={save.isPending}
    >
      <UserFields form={form} editing={editing} roles={(roles.data ?? []).map((role) => role.code)} />
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
