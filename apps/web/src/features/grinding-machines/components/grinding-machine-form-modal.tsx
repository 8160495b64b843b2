import { type GrindingMachine, type GrindingMachineInput, GrindingMachineInputSchema } from '@kerf/contracts';
import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal, NumberInput, useContractForm, useFormSubmit } from '../../../components/form';
import { renderNoTranslateOption } from '../../../components/inputs';
import { isApiError } from '../../../lib/api';
import { useSaveGrindingMachine } from '../api/grinding-machines';

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Add or edit a grinding machine (docs/design.md: a modal for small entities). */
export function GrindingMachineFormModal({
  opened,
  onClose,
  machine,
  locationId,
  locations,
}: {
  opened: boolean;
  onClose: () => void;
  machine?: GrindingMachine;
  /** the location a new machine stands at */
  locationId: string;
  /** the shop's locations, to move a machine */
  locations: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const save = useSaveGrindingMachine(machine?.id);
  const form = useContractForm(GrindingMachineInputSchema, {
    initialValues: {
      name: machine?.name ?? '',
      manufacturer: machine?.manufacturer ?? '',
      designation: machine?.designation ?? '',
      serialNumber: machine?.serialNumber ?? '',
      grindingShopId: machine?.grindingShopId ?? locationId,
      maxKnifeLength: machine?.maxKnifeLength ?? null,
      active: machine?.active ?? true,
    } satisfies GrindingMachineInput,
  });

  const submit = useFormSubmit(
    form,
    (values) =>
      save.mutateAsync({
        ...values,
        manufacturer: orNull(values.manufacturer),
        designation: orNull(values.designation),
      }),
    {
      onSaved: onClose,
      // the serial number belongs to the field it is typed in
      onError: (error) => {
        if (!isApiError(error) || error.code !== 'service.grinding-shops.SERIAL_NUMBER_ALREADY_USED')
          return false;
        form.setFieldError('serialNumber', t(`errors.${error.code}`));
        return true;
      },
    },
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={machine ? t('grindingAdmin.machines.editTitle') : t('grindingAdmin.machines.createTitle')}
      onSubmit={submit}
      submitting={save.isPending}
    >
      <TextInput
        label={t('grindingAdmin.machines.name')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('grindingAdmin.machines.manufacturer')}
          {...form.getInputProps('manufacturer')}
          value={form.values.manufacturer ?? ''}
        />
        <TextInput
          label={t('grindingAdmin.machines.designation')}
          {...form.getInputProps('designation')}
          value={form.values.designation ?? ''}
        />
        <TextInput
          label={t('grindingAdmin.machines.serialNumber')}
          withAsterisk
          dir="ltr"
          autoComplete="off"
          {...form.getInputProps('serialNumber')}
        />
        <NumberInput
          label={t('grindingAdmin.machines.maxKnifeLength')}
          suffix=" mm"
          min={100}
          max={10_000}
          allowDecimal={false}
          thousandSeparator
          {...form.getInputProps('maxKnifeLength')}
          value={form.values.maxKnifeLength ?? ''}
          onChange={(value) => form.setFieldValue('maxKnifeLength', typeof value === 'number' ? value : null)}
        />
      </SimpleGrid>
      <Select
        label={t('grindingAdmin.machines.location')}
        withAsterisk
        allowDeselect={false}
        renderOption={renderNoTranslateOption}
        data={locations.map((location) => ({ value: location.id, label: location.name }))}
        {...form.getInputProps('grindingShopId')}
      />
      <Switch
        label={t('grindingAdmin.machines.active')}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
