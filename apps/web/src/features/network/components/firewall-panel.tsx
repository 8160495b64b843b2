import { Code, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FIREWALL_PORTS, FIXED_ADDRESSES } from '../firewall-config';

/** Firewall and network info (product.md §2, §9): which ports to open outbound, and the fixed addresses. */
export function FirewallPanel() {
  const { t } = useTranslation();
  const addresses = (items: string[]) =>
    items.length > 0 ? (
      <List size="sm" spacing={2}>
        {items.map((address) => (
          <List.Item key={address}>
            <Code dir="ltr" translate="no">
              {address}
            </Code>
          </List.Item>
        ))}
      </List>
    ) : (
      <Text size="sm" c="dimmed">
        {t('network.firewall.addressesOnRequest')}
      </Text>
    );
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          <IconShieldLock
            size={20}
            aria-hidden
            style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }}
          />
          {t('network.firewall.title')}
        </Title>
        <Text size="sm">{t('network.firewall.intro')}</Text>
        <Table withTableBorder striped aria-label={t('network.firewall.portsLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('network.firewall.port')}</Table.Th>
              <Table.Th>{t('network.firewall.protocol')}</Table.Th>
              <Table.Th>{t('network.firewall.purpose')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {FIREWALL_PORTS.map((row) => (
              <Table.Tr key={row.port}>
                <Table.Td>
                  <Code translate="no">{row.port}</Code>
                </Table.Td>
                <Table.Td translate="no">{row.protocol}</Table.Td>
                <Table.Td>
                  {row.port === 443 ? t('network.firewall.https') : t('network.firewall.mqtt')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm">{t('network.firewall.direction')}</Text>
        <Text size="sm" fw={600}>
          {t('network.firewall.gateManager')}
        </Text>
        {addresses(FIXED_ADDRESSES.gateManager)}
        <Text size="sm" fw={600}>
          {t('network.firewall.siteManager')}
        </Text>
        {addresses(FIXED_ADDRESSES.siteManager)}
      </Stack>
    </Paper>
  );
}
