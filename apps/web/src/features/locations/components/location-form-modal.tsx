import {
  COUNTRIES,
  KNIFE_SWAP_INTERVAL_MAX,
  KNIFE_SWAP_INTERVAL_MIN,
  type LocationInput,
  LocationInputSchema,
  type PrintingShop,
} from '@kerf/contracts';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySaved } from '../../../components/feedback';
import { applyServerFieldErrors, useContractForm } from '../../../components/form';
import { countryName } from '../../network/components/countries';
import { renderNoTranslateOption } from '../../network/components/untranslated-option';
import { useSaveLocation } from '../api/save-location';

const emptyToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

function initialValues(location?: PrintingShop): LocationInput {
  return {
    name: location?.name ?? '',
    street: location?.street ?? '',
    streetNumber: location?.streetNumber ?? '',
    zip: location?.zip ?? '',
    city: location?.city ?? '',
    country: location?.country ?? 'DE',
    knifeSwapInterval: location?.knifeSwapInterval ?? null,
  };
}

/** Create or edit a location (DESIGN.md: a modal for small entities). */
export function LocationFormModal({
  opened,
  onClose,
  location,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  location?: PrintingShop;
  onSaved?: (location: PrintingShop) => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveLocation(location?.id);
  const form = useContractForm(LocationInputSchema, { initialValues: initialValues(location) });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        ...values,
        street: emptyToNull(values.street),
        streetNumber: emptyToNull(values.streetNumber),
        zip: emptyToNull(values.zip),
        city: emptyToNull(values.city),
      });
      notifySaved(t);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, t)) notifyError(error, t, i18n);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={location ? t('printingAdmin.locations.editTitle') : t('printingAdmin.locations.createTitle')}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('printingAdmin.locations.name')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('printingAdmin.locations.street')}
              style={{ gridColumn: 'span 2' }}
              {...form.getInputProps('street')}
            />
            <TextInput
              label={t('printingAdmin.locations.streetNumber')}
              {...form.getInputProps('streetNumber')}
            />
            <TextInput label={t('printingAdmin.locations.zip')} {...form.getInputProps('zip')} />
            <TextInput
              label={t('printingAdmin.locations.city')}
              style={{ gridColumn: 'span 2' }}
              {...form.getInputProps('city')}
            />
          </SimpleGrid>
          <Select
            label={t('printingAdmin.locations.country')}
            withAsterisk
            allowDeselect={false}
            renderOption={renderNoTranslateOption}
            data={COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
            {...form.getInputProps('country')}
          />
          <NumberInput
            label={t('printingAdmin.knifeInterval.label')}
            description={t('printingAdmin.knifeInterval.locationHint')}
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
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
