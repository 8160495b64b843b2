import {
  ARTICLE_NUMBER_MAX,
  isValidArticleNumber,
  type KnifeDetails,
  type KnifeUpdate,
  KnifeUpdateSchema,
} from '@kerf/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal, NumberInput, useContractForm, useFormSubmit } from '../../../components/form';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useUpdateKnife } from '../api/knives';

/** The server's knife codes that belong to one field: shown under it, in the user's language. */
const FIELD_OF_CODE = {
  'service.knives.KNIFE_HEIGHT_INCREASED': 'height',
  'service.knives.KNIFE_THICKNESS_INCREASED': 'backThickness',
  'service.knives.INVALID_ARTICLE_NUMBER': 'articleNumber',
} as const;

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Knife edit (product.md §2): master data and measurements. Height and back thickness may only go down
 * (the server refuses more than the original); a knife can be scrapped here. Every problem shows
 * under its field, whether the form or the server found it.
 */
export function KnifeEditModal({ knife, onClose }: { knife: KnifeDetails; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const save = useUpdateKnife(knife.rfid);
  const form = useContractForm(KnifeUpdateSchema, {
    initialValues: {
      articleNumber: knife.articleNumber ?? '',
      knifeClassName: knife.knifeClassName ?? '',
      height: knife.height ?? ('' as unknown as number),
      backThickness: knife.backThickness ?? ('' as unknown as number),
      angleVf: knife.angleVf,
      angleHf: knife.angleHf,
      angleTm: knife.angleTm,
      carrierMaterial: knife.carrierMaterial ?? '',
      material: knife.material ?? '',
      state: knife.state === 'SCRAPPED' ? 'SCRAPPED' : 'ACTIVE',
    },
    transformValues: (values: KnifeUpdate): KnifeUpdate => ({
      ...values,
      carrierMaterial: orNull(values.carrierMaterial),
      material: orNull(values.material),
    }),
  });
  const submit = useFormSubmit(
    form,
    async (values) => {
      if (!isValidArticleNumber(values.articleNumber)) {
        form.setFieldError('articleNumber', t('errors.service.knives.INVALID_ARTICLE_NUMBER'));
        return false;
      }
      return save.mutateAsync(values);
    },
    {
      onSaved: onClose,
      onError: (error) => {
        if (!isApiError(error) || !(error.code in FIELD_OF_CODE)) return false;
        const field = FIELD_OF_CODE[error.code as keyof typeof FIELD_OF_CODE];
        form.setFieldError(field, translateKey(t, `errors.${error.code}`));
        return true;
      },
    },
  );
  const mm = (value: number | null) => (value === null ? '' : formatNumber(value, locale, 2));
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
      title={t('knives.edit.title', { rfid: knife.rfid })}
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('knives.fields.articleNumber')}
          description={t('knives.edit.articleNumberHint')}
          required
          maxLength={ARTICLE_NUMBER_MAX}
          dir="ltr"
          {...form.getInputProps('articleNumber')}
        />
        <TextInput
          label={t('knives.fields.knifeClassName')}
          required
          {...form.getInputProps('knifeClassName')}
        />
        <NumberInput
          label={t('knives.fields.heightMm')}
          description={
            knife.originalHeight !== null
              ? t('knives.edit.atMost', { value: mm(knife.originalHeight) })
              : undefined
          }
          required
          decimalScale={2}
          min={0}
          {...form.getInputProps('height')}
        />
        <NumberInput
          label={t('knives.fields.backThicknessMm')}
          description={
            knife.originalBackThickness !== null
              ? t('knives.edit.atMost', { value: mm(knife.originalBackThickness) })
              : undefined
          }
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
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('knives.fields.carrierMaterial')} {...form.getInputProps('carrierMaterial')} />
        <TextInput label={t('knives.fields.material')} {...form.getInputProps('material')} />
      </SimpleGrid>
      <Select
        label={t('knives.fields.state')}
        description={t('knives.edit.scrapHint')}
        data={(['ACTIVE', 'SCRAPPED'] as const).map((state) => ({
          value: state,
          label: translateKey(t, `knives.states.${state}`),
        }))}
        allowDeselect={false}
        {...form.getInputProps('state')}
      />
    </FormModal>
  );
}
