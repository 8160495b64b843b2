import {
  type CuttingMachine,
  type CuttingMachineInput,
  CuttingMachineInputSchema,
  KNIFE_SWAP_INTERVAL_MAX,
  KNIFE_SWAP_INTERVAL_MIN,
} from '@kerf/contracts';
import { Autocomplete, Fieldset, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  FormModal,
  fieldErrorMessage,
  NumberInput,
  useContractForm,
  useFormSubmit,
} from '../../../components/form';
import { isPhoneValid, PhoneField, renderNoTranslateOption } from '../../../components/inputs';
import { isApiError } from '../../../lib/api';
import { useMinimalLocations } from '../../locations';
import { useSaveMachine, useUnusedSerials } from '../api/machines';
import { NetworkFields } from './network-fields';

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function initialValues(machine?: CuttingMachine, printingShopId?: string): CuttingMachineInput {
  const network = machine?.network;
  return {
    name: machine?.name ?? '',
    designation: machine?.designation ?? '',
    manufacturer: machine?.manufacturer ?? '',
    serialNumber: machine?.serialNumber ?? '',
    printingShopId: machine?.printingShopId ?? printingShopId ?? '',
    cuttingWidth: machine?.cuttingWidth ?? 1150,
    knifeSwapInterval: machine?.knifeSwapInterval ?? null,
    active: machine?.active ?? true,
    type: machine?.type ?? '',
    network: {
      connection: network?.connection ?? 'ETHERNET',
      addressMode: network?.addressMode ?? 'DHCP',
      ipAddress: network?.ipAddress ?? '',
      subnetMask: network?.subnetMask ?? '',
      gateway: network?.gateway ?? '',
      dnsServer: network?.dnsServer ?? '',
      networkName: network?.networkName ?? '',
      security: network?.security ?? null,
      password: '',
    },
    networkContact: {
      name: machine?.networkContact.name ?? '',
      phone: machine?.networkContact.phone ?? '',
    },
  };
}

/** What is sent: empty texts as null, static addresses only for STATIC, the WLAN password only when typed. */
function toRequest(values: CuttingMachineInput): CuttingMachineInput {
  const network = values.network;
  const isStatic = network?.addressMode === 'STATIC';
  const isWifi = network?.connection === 'WIFI';
  return {
    ...values,
    designation: orNull(values.designation),
    manufacturer: orNull(values.manufacturer),
    type: orNull(values.type),
    network: network && {
      connection: network.connection,
      addressMode: network.addressMode,
      ipAddress: isStatic ? orNull(network.ipAddress) : null,
      subnetMask: isStatic ? orNull(network.subnetMask) : null,
      gateway: isStatic ? orNull(network.gateway) : null,
      dnsServer: orNull(network.dnsServer),
      networkName: isWifi ? orNull(network.networkName) : null,
      security: isWifi ? (network.security ?? null) : null,
      ...(isWifi && network.password ? { password: network.password } : {}),
    },
    networkContact: {
      name: orNull(values.networkContact?.name),
      phone: orNull(values.networkContact?.phone),
    },
  };
}

/** Create an installed machine or edit one, with its network settings and network contact person. */
export function MachineFormModal({
  opened,
  onClose,
  machine,
  printingShopId,
}: {
  opened: boolean;
  onClose: () => void;
  machine?: CuttingMachine;
  printingShopId?: string;
}) {
  const { t } = useTranslation();
  const save = useSaveMachine(machine?.id);
  const locations = useMinimalLocations();
  const serials = useUnusedSerials(opened && !machine);
  const form = useContractForm(CuttingMachineInputSchema, {
    initialValues: initialValues(machine, printingShopId),
    transformValues: toRequest,
  });

  const submit = useFormSubmit(
    form,
    async (values) => {
      if (!isPhoneValid(values.networkContact?.phone)) {
        form.setFieldError('networkContact.phone', fieldErrorMessage(t, 'INVALID_PHONE'));
        return false;
      }
      return save.mutateAsync(values);
    },
    {
      onSaved: onClose,
      onError: (error) => {
        if (
          !isApiError(error) ||
          (error.code !== 'service.printing-shops.SERIAL_NUMBER_NOT_FREE' &&
            error.code !== 'service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED')
        )
          return false;
        form.setFieldError('serialNumber', t(`errors.${error.code}`));
        return true;
      },
    },
  );

  const number = (field: 'cuttingWidth' | 'knifeSwapInterval') => ({
    ...form.getInputProps(field),
    value: form.values[field] ?? '',
    onChange: (value: string | number) => form.setFieldValue(field, typeof value === 'number' ? value : null),
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={machine ? t('machines.editTitle') : t('machines.createTitle')}
      size="xl"
      onSubmit={submit}
      submitting={save.isPending}
    >
      <Fieldset legend={t('machines.general')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('machines.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Autocomplete
            label={t('machines.serialNumber')}
            withAsterisk
            dir="ltr"
            translate="no"
            description={machine ? undefined : t('machines.serialHint')}
            data={serials.data ?? []}
            {...form.getInputProps('serialNumber')}
          />
          <TextInput
            label={t('machines.designation')}
            {...form.getInputProps('designation')}
            value={form.values.designation ?? ''}
          />
          <TextInput
            label={t('machines.manufacturer')}
            {...form.getInputProps('manufacturer')}
            value={form.values.manufacturer ?? ''}
          />
          <TextInput
            label={t('machines.type')}
            {...form.getInputProps('type')}
            value={form.values.type ?? ''}
          />
          <Select
            label={t('machines.location')}
            withAsterisk
            allowDeselect={false}
            renderOption={renderNoTranslateOption}
            data={(locations.data ?? []).map((location) => ({
              value: location.id,
              label: location.name,
            }))}
            {...form.getInputProps('printingShopId')}
          />
          <NumberInput
            label={t('machines.cuttingWidth')}
            withAsterisk
            suffix={t('common.mm', { value: '' })}
            min={100}
            max={10_000}
            allowDecimal={false}
            {...number('cuttingWidth')}
          />
          <NumberInput
            label={t('knifeInterval.label')}
            description={t('knifeInterval.machineHint')}
            min={KNIFE_SWAP_INTERVAL_MIN}
            max={KNIFE_SWAP_INTERVAL_MAX}
            step={100}
            allowDecimal={false}
            thousandSeparator
            {...number('knifeSwapInterval')}
          />
        </SimpleGrid>
        <Switch
          mt="md"
          label={t('machines.active')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
      </Fieldset>
      <Fieldset legend={t('network.title')}>
        <NetworkFields form={form} passwordSet={machine?.network.passwordSet ?? false} />
      </Fieldset>
      <Fieldset legend={t('network.contactTitle')}>
        <Stack gap="sm">
          <TextInput
            label={t('network.contactName')}
            {...form.getInputProps('networkContact.name')}
            value={form.values.networkContact?.name ?? ''}
          />
          <PhoneField
            label={t('network.contactPhone')}
            value={form.values.networkContact?.phone}
            onChange={(value) => form.setFieldValue('networkContact.phone', value)}
            error={form.errors['networkContact.phone']}
          />
        </Stack>
      </Fieldset>
    </FormModal>
  );
}
