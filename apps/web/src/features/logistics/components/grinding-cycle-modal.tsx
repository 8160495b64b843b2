import { type GrinderKnife, type GrindingCycleRecord, GrindingCycleRecordSchema } from '@kerf/contracts';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal, NumberInput, useContractForm, useFormSubmit } from '../../../components/form';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useRecordCycle } from '../api/knives';

/** The server's refusals that belong to one field, shown under it in the user's language. */
const FIELD_OF_CODE = {
  'service.knives.KNIFE_HEIGHT_INCREASED': 'height',
  'service.knives.KNIFE_THICKNESS_INCREASED': 'backThickness',
} as const;

/**
 * Record a grinding: height, back thickness and angles measured after grinding. Neither measure may
 * rise above what the knife has now (grinding only removes material); the server says so per field.
 */
export function GrindingCycleModal({ knife, onClose }: { knife: GrinderKnife; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
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
  const submit = useFormSubmit(form, (values) => record.mutateAsync(values), {
    onSaved: onClose,
    onError: (error) => {
      if (!isApiError(error) || !(error.code in FIELD_OF_CODE)) return false;
      const field = FIELD_OF_CODE[error.code as keyof typeof FIELD_OF_CODE];
      form.setFieldError(field, translateKey(t, `errors.${error.code}`));
      return true;
    },
  });
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
