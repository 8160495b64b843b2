import {
  COUNTRIES,
  type GrindingShop,
  KNIFE_SWAP_INTERVAL_MAX,
  KNIFE_SWAP_INTERVAL_MIN,
  type LocationInput,
  LocationInputSchema,
  type PrintingShop,
} from '@kerf/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal, NumberInput, useContractForm, useFormSubmit } from '../../../components/form';
import { countryName, renderNoTranslateOption } from '../../../components/inputs';
import { useSaveLocation } from '../api/locations';
import type { ShopKind } from '../shop-kind';

const emptyToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

function initialValues(location?: PrintingShop | GrindingShop): LocationInput {
  return {
    name: location?.name ?? '',
    street: location?.street ?? '',
    streetNumber: location?.streetNumber ?? '',
    zip: location?.zip ?? '',
    city: location?.city ?? '',
    country: location?.country ?? 'DE',
    knifeSwapInterval: location && 'knifeSwapInterval' in location ? location.knifeSwapInterval : null,
  };
}

/**
 * Create or edit a location (docs/design.md: a modal for small entities). A grinding shop's location
 * (`kind` grinding-shop) has the same address and no knife swap interval.
 */
export function LocationFormModal<L extends PrintingShop | GrindingShop = PrintingShop>({
  opened,
  onClose,
  location,
  onSaved,
  kind = 'printing-shop',
}: {
  opened: boolean;
  onClose: () => void;
  location?: L;
  onSaved?: (location: L) => void;
  kind?: ShopKind;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveLocation(location?.id, kind);
  const form = useContractForm(LocationInputSchema, { initialValues: initialValues(location) });

  const submit = useFormSubmit(
    form,
    (values) =>
      save.mutateAsync({
        ...values,
        street: emptyToNull(values.street),
        streetNumber: emptyToNull(values.streetNumber),
        zip: emptyToNull(values.zip),
        city: emptyToNull(values.city),
      }),
    {
      onSaved: (saved) => {
        onSaved?.(saved as L);
        onClose();
      },
    },
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={location ? t('locations.editTitle') : t('locations.createTitle')}
      onSubmit={submit}
      submitting={save.isPending}
    >
      <TextInput label={t('locations.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('locations.street')}
          style={{ gridColumn: 'span 2' }}
          {...form.getInputProps('street')}
        />
        <TextInput label={t('locations.streetNumber')} {...form.getInputProps('streetNumber')} />
        <TextInput label={t('locations.zip')} {...form.getInputProps('zip')} />
        <TextInput
          label={t('locations.city')}
          style={{ gridColumn: 'span 2' }}
          {...form.getInputProps('city')}
        />
      </SimpleGrid>
      <Select
        label={t('locations.country')}
        withAsterisk
        allowDeselect={false}
        renderOption={renderNoTranslateOption}
        data={COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
        {...form.getInputProps('country')}
      />
      {kind === 'printing-shop' && (
        <NumberInput
          label={t('knifeInterval.label')}
          description={t('knifeInterval.locationHint')}
          min={KNIFE_SWAP_INTERVAL_MIN}
          max={KNIFE_SWAP_INTERVAL_MAX}
          step={100}
          allowDecimal={false}
          thousandSeparator
          {...form.getInputProps('knifeSwapInterval')}
          value={form.values.knifeSwapInterval ?? ''}
          onChange={(value) =>
            form.setFieldValue('knifeSwapInterval', typeof value === 'number' ? value : null)
          }
        />
      )}
    </FormModal>
  );
}
