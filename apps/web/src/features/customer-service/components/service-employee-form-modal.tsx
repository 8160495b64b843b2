import {
  type CreateServiceUser,
  CreateServiceUserSchema,
  SERVICE_ROLES,
  type ServiceEmployee,
  UpdateUserSchema,
} from '@kerf/contracts';
import { MultiSelect, PasswordInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, helpText, schemaErrors, useFormSubmit } from '../../../components/form';
import { renderNoTranslateOption } from '../../../components/inputs';
import { translateKey } from '../../../lib/i18n';
import { useSaveServiceEmployee, useServiceAreas } from '../api/service-areas';

type Values = Omit<CreateServiceUser, 'serviceAreaIds'> & { serviceAreaIds: string[] };

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function toUser(values: Values, editing: boolean): CreateServiceUser {
  return {
    ...values,
    email: orNull(values.email),
    displayName: orNull(values.displayName),
    personnelNumber: orNull(values.personnelNumber),
    password: editing && !values.password ? (undefined as unknown as string) : values.password,
  };
}

/** Create or change a customer-service employee and the service areas they work in (several allowed). */
export function ServiceEmployeeFormModal({
  employee,
  serviceAreaId,
  onClose,
}: {
  employee?: ServiceEmployee;
  serviceAreaId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const editing = Boolean(employee);
  const areas = useServiceAreas();
  const save = useSaveServiceEmployee(employee?.id);
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
      role: (employee?.role as Values['role'] | undefined) ?? 'SERVICE_USER_SUPPORT',
      active: employee?.active ?? true,
      serviceAreaIds: employee?.serviceAreaIds ?? (serviceAreaId ? [serviceAreaId] : []),
    },
    validate: (values) =>
      schemaErrors(editing ? UpdateUserSchema : CreateServiceUserSchema, toUser(values, editing), t),
  });
  const submit = useFormSubmit(
    form,
    (values) => save.mutateAsync({ user: toUser(values, editing), serviceAreaIds: values.serviceAreaIds }),
    { onSaved: onClose },
  );
  return (
    <FormModal
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
        <Select
          label={t('employees.role')}
          withAsterisk
          allowDeselect={false}
          data={SERVICE_ROLES.map((code) => ({ value: code, label: translateKey(t, `roles.${code}`) }))}
          {...form.getInputProps('role')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('customerService.areas.title')}
        renderOption={renderNoTranslateOption}
        data={(areas.data ?? []).map((area) => ({ value: area.id, label: area.name }))}
        searchable
        {...form.getInputProps('serviceAreaIds')}
      />
      <Switch label={t('employees.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
