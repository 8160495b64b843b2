import { type ServiceArea, type ServiceAreaInput, ServiceAreaInputSchema } from '@kerf/contracts';
import { MultiSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, schemaErrors, useFormSubmit } from '../../../components/form';
import { renderNoTranslateOption } from '../../../components/inputs';
import { useCustomers } from '../api/customers';
import { useSaveServiceArea } from '../api/service-areas';

/** Create or change a service area: its name and the customers it looks after. */
export function ServiceAreaFormModal({ area, onClose }: { area?: ServiceArea; onClose: () => void }) {
  const { t } = useTranslation();
  const customers = useCustomers();
  const save = useSaveServiceArea(area?.id);
  const form = useForm<{ value: string; tenantIds: string[] }>({
    validateInputOnBlur: true,
    initialValues: { value: area?.name ?? '', tenantIds: area?.customers.map((c) => c.id) ?? [] },
    validate: (values) => schemaErrors(ServiceAreaInputSchema, values satisfies ServiceAreaInput, t),
  });
  const submit = useFormSubmit(form, (values) => save.mutateAsync(values), { onSaved: onClose });
  return (
    <FormModal
      onClose={onClose}
      title={area ? t('customerService.areas.editTitle') : t('customerService.areas.createTitle')}
      onSubmit={submit}
      submitting={save.isPending}
    >
      <TextInput
        label={t('customerService.areas.name')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('value')}
      />
      <MultiSelect
        label={t('customerService.customers')}
        searchable
        renderOption={renderNoTranslateOption}
        data={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        {...form.getInputProps('tenantIds')}
      />
    </FormModal>
  );
}
