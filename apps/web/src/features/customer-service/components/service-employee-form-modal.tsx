import {
  type CreateServiceUser,
  CreateServiceUserSchema,
  SERVICE_ROLES,
  type ServiceEmployee,
  UpdateUserSchema,
} from '@kerf/contracts';
import { MultiSelect, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, schemaErrors, useFormSubmit } from '../../../components/form';
import { renderNoTranslateOption } from '../../../components/inputs';
import { toUserBody, UserFields, userFormValues } from '../../employees';
import { useSelf } from '../../session';
import { useSaveServiceEmployee, useServiceAreas } from '../api/service-areas';

type Values = Omit<CreateServiceUser, 'serviceAreaIds'> & { serviceAreaIds: string[] };

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
  // the server refuses to deactivate or re-role one's own account (CANNOT_CHANGE_OWN_ACCOUNT)
  const selfId = useSelf().data?.id;
  const self = employee !== undefined && employee.id === selfId;
  const areas = useServiceAreas();
  const save = useSaveServiceEmployee(employee?.id);
  const form = useForm<Values>({
    validateInputOnBlur: true,
    initialValues: {
      ...userFormValues<Values['role']>(employee, 'SERVICE_USER_SUPPORT'),
      serviceAreaIds: employee?.serviceAreaIds ?? (serviceAreaId ? [serviceAreaId] : []),
    },
    validate: (values) =>
      schemaErrors(editing ? UpdateUserSchema : CreateServiceUserSchema, toUserBody(values, editing), t),
  });
  const submit = useFormSubmit(
    form,
    (values) =>
      save.mutateAsync({ user: toUserBody(values, editing), serviceAreaIds: values.serviceAreaIds }),
    {
      onSaved: onClose,
    },
  );
  return (
    <FormModal
      onClose={onClose}
      title={editing ? t('employees.editTitle') : t('employees.createTitle')}
      onSubmit={submit}
      submitting={save.isPending}
    >
      <UserFields form={form} editing={editing} roles={SERVICE_ROLES} self={self} />
      <MultiSelect
        label={t('customerService.areas.title')}
        renderOption={renderNoTranslateOption}
        data={(areas.data ?? []).map((area) => ({ value: area.id, label: area.name }))}
        searchable
        {...form.getInputProps('serviceAreaIds')}
      />
      <Switch
        label={t('employees.active')}
        {...form.getInputProps('active', { type: 'checkbox' })}
        disabled={self}
        description={self ? t('employees.ownAccountLocked') : undefined}
      />
    </FormModal>
  );
}
