import {
  type CreateUser,
  CreateUserSchema,
  type Employee,
  type GrindingEmployee,
  UpdateUserSchema,
} from '@kerf/contracts';
import { MultiSelect, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, fieldErrorMessage, schemaErrors, useFormSubmit } from '../../../components/form';
import { renderNoTranslateOption } from '../../../components/inputs';
import { type ShopKind, useMinimalLocations } from '../../locations';
import { useAssignableRoles, useSaveEmployee } from '../api/employees';
import { toUserBody, UserFields, userFormValues } from './user-fields';

type Values = CreateUser & { printingShopIds: string[] };

/** The user part as the auth contract wants it: empty optional texts as null, no password when blank. */
function toUser({ printingShopIds: _ids, ...values }: Values, editing: boolean): CreateUser {
  return toUserBody(values, editing);
}

/** The locations an employee of either kind of shop works at. */
const locationIdsOf = (employee: Employee | GrindingEmployee) =>
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
  // the server refuses a grinder without a location (USER_HAS_NO_LOCATION): the field says so first
  const needsLocation = (values: Values) => kind === 'grinding-shop' && values.role === 'GRINDER';
  const form = useForm<Values>({
    validateInputOnBlur: true,
    initialValues: {
      ...userFormValues(employee, kind === 'grinding-shop' ? 'GRINDER' : 'PRINTING_SHOP_OPERATOR'),
      printingShopIds: employee ? locationIdsOf(employee) : printingShopId ? [printingShopId] : [],
    },
    validate: (values) => ({
      ...schemaErrors(editing ? UpdateUserSchema : CreateUserSchema, toUser(values, editing), t),
      ...(needsLocation(values) && values.printingShopIds.length === 0
        ? { printingShopIds: fieldErrorMessage(t, 'REQUIRED') }
        : {}),
    }),
  });

  const submit = useFormSubmit(
    form,
    (values) => save.mutateAsync({ user: toUser(values, editing), locationIds: values.printingShopIds }),
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
        required={needsLocation(form.getValues())}
        {...form.getInputProps('printingShopIds')}
      />
      <Switch label={t('employees.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
