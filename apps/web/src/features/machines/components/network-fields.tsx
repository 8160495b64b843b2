import { ADDRESS_MODES, CONNECTIONS, type CuttingMachineInput, WIFI_SECURITIES } from '@kerf/contracts';
import { PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/i18n';

type Form = UseFormReturnType<CuttingMachineInput>;

/** Standard names of the WLAN security modes: the same in every language. */
const WIFI_SECURITY_NAMES = {
  WEP: 'WEP',
  WPA_WPA2: 'WPA/WPA2',
  WPA2_WPA3: 'WPA2/WPA3',
  WPA3: 'WPA3',
} as const;

/** Connection Ethernet/WLAN, DHCP or static addresses, WLAN name, security and password (product.md §3). */
export function NetworkFields({ form, passwordSet }: { form: Form; passwordSet: boolean }) {
  const { t } = useTranslation();
  const network = form.values.network;
  if (!network) return null;
  const ip = (field: 'ipAddress' | 'subnetMask' | 'gateway' | 'dnsServer', required: boolean) => (
    <TextInput
      label={t(`network.${field}`)}
      withAsterisk={required}
      dir="ltr"
      placeholder="192.168.0.10"
      translate="no"
      {...form.getInputProps(`network.${field}`)}
      value={network[field] ?? ''}
    />
  );
  const isStatic = network.addressMode === 'STATIC';
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="connection-label">
          {t('network.connection')}
        </Text>
        <SegmentedControl
          aria-labelledby="connection-label"
          data={CONNECTIONS.map((value) => ({
            value,
            label: translateKey(t, `network.connections.${value}`),
          }))}
          {...form.getInputProps('network.connection')}
        />
      </Stack>
      {network.connection === 'WIFI' && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('network.networkName')}
            withAsterisk
            translate="no"
            {...form.getInputProps('network.networkName')}
            value={network.networkName ?? ''}
          />
          <Select
            label={t('network.security')}
            withAsterisk
            data={WIFI_SECURITIES.map((value) => ({
              value,
              label: WIFI_SECURITY_NAMES[value],
            }))}
            {...form.getInputProps('network.security')}
          />
          <PasswordInput
            label={t('network.password')}
            description={passwordSet ? t('network.passwordKept') : undefined}
            autoComplete="new-password"
            {...form.getInputProps('network.password')}
            value={network.password ?? ''}
          />
        </SimpleGrid>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="address-mode-label">
          {t('network.addressMode')}
        </Text>
        <SegmentedControl
          aria-labelledby="address-mode-label"
          data={ADDRESS_MODES.map((value) => ({
            value,
            label: translateKey(t, `network.addressModes.${value}`),
          }))}
          {...form.getInputProps('network.addressMode')}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {isStatic && ip('ipAddress', true)}
        {isStatic && ip('subnetMask', true)}
        {isStatic && ip('gateway', true)}
        {ip('dnsServer', false)}
      </SimpleGrid>
    </Stack>
  );
}
