import { type GrinderKnife, type GrindingCycleRecord, GrindingCycleRecordSchema } from '@kerf/contracts';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal, NumberInput, useContractForm, useFormSubmit } from '../../../components/form';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useRecordCycle } from '../api/knives';

/**
 * Record a grinding: height, back thickness and angles measured after grinding. Neither measure may
 * rise above what the knife has now (grinding only removes material); the server says so per field.
 */
export function GrindingCycleModal({ knife, onClose }: { knife: GrinderKnife; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const record = useRecordCycle(knife.custody.ownerId, knife.rfid);
  const form = useContractForm(GrindingCycleRecordSchema, {
    initialValues: {
      height: '' as unknown as number,
      backThickness: knife.backThickness ?? ('' as unknown as number),
      angleVf: knife.angleVf,
      angleHf: knife.angleHf,
      angleTm: knife.angleTm,
      grindingReference: '',
    } as GrindingCycleRecord,
    transformValues: (values: GrindingCycleRecord): GrindingCycleRecord => ({
      ...values,
      grindingReference: values.grindingReference?.trim() ? values.grindingReference.trim() : null,
    }),
  });
  const locale = i18n.language;
  /** Grinding only removes material: each measure at most what the knife has now; every field that breaks it says so. */
  const markAboveCurrent = (fields: { field: string; limit?: number }[]) => {
    for (const { field, limit } of fields) {
      if (field !== 'height' && field !== 'backThickness') continue;
      const value = limit === undefined ? '' : formatNumber(limit, locale, 2);
      form.setFieldError(field, t(`logistics.cycle.${field}AboveCurrent`, { value }));
    }
  };
  const submit = useFormSubmit(
    form,
    (values) => {
      const above = [
        { field: 'height', value: values.height, limit: knife.height },
        { field: 'backThickness', value: values.backThickness, limit: knife.backThickness },
      ].filter((measure) => measure.limit !== null && measure.value > measure.limit) as {
        field: string;
        limit: number;
      }[];
      if (above.length > 0) {
        markAboveCurrent(above);
        return Promise.resolve(false as const);
      }
      return record.mutateAsync(values);
    },
    {
      onSaved: onClose,
      onError: (error) => {
        if (
          !isApiError(error) ||
          (error.code !== 'service.knives.KNIFE_HEIGHT_INCREASED' &&
            error.code !== 'service.knives.KNIFE_THICKNESS_INCREASED')
        )
          return false;
        markAboveCurrent(error.details?.fields ?? []);
        return true;
      },
    },
  );
  const atMost = (value: number | null) =>
    value === null ? undefined : t('logistics.cycle.atMost', { value: formatNumber(value, locale, 2) });
  const angle = (name: 'angleVf' | 'angleHf' | 'angleTm') => (
    <NumberInput
      label={t(`knives.fields.${name}`)}
      min={0}
      max={90}
      decimalScale={1}
      suffix=" °"
      {...form.getInputProps(name)}
      value={form.getValues()[name] ?? ''}
      onChange={(value) => form.setFieldValue(name, typeof value === 'number' ? value : null)}
    />
  );
  return (
    <FormModal
      title={t('logistics.cycle.title', { rfid: knife.rfid })}
      onClose={onClose}
      onSubmit={submit}
      submitting={record.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('knives.fields.heightMm')}
          description={atMost(knife.height)}
          required
          decimalScale={2}
          min={0}
          data-autofocus
          {...form.getInputProps('height')}
        />
        <NumberInput
          label={t('knives.fields.backThicknessMm')}
          description={atMost(knife.backThickness)}
          required
          decimalScale={2}
          min={0}
          {...form.getInputProps('backThickness')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {angle('angleVf')}
        {angle('angleHf')}
        {angle('angleTm')}
      </SimpleGrid>
      <TextInput
        label={t('logistics.cycle.reference')}
        maxLength={64}
        {...form.getInputProps('grindingReference')}
      />
    </FormModal>
  );
}
