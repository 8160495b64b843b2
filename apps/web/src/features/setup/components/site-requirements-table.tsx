import type { SiteRequirements } from '@kerf/contracts';
import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Exactly what the customer's firewall must let out: host, port, protocol and what for. */
export function SiteRequirementsTable({ requirements }: { requirements: SiteRequirements }) {
  const { t } = useTranslation();
  const { host } = requirements;
  const rows: { host: string; port: number; protocol: string; purpose: string; isLocal?: boolean }[] = [
    { host, port: requirements.httpsPort, protocol: 'TCP · HTTPS', purpose: t('setup.purposes.https') },
    ...(requirements.mqttsPort !== null
      ? [
          {
            host,
            port: requirements.mqttsPort,
            protocol: 'TCP · MQTT/TLS',
            purpose: t('setup.purposes.mqtts'),
          },
        ]
      : []),
    {
      host,
      port: requirements.httpsPort,
      protocol: `TCP · WebSocket ${requirements.websocketPath}`,
      purpose: t('setup.purposes.websocket'),
    },
    {
      host: requirements.gateManager.host,
      port: requirements.gateManager.port,
      protocol: 'TCP',
      purpose: t('setup.purposes.gateManager'),
    },
    {
      host: t('setup.purposes.yourDns'),
      port: 53,
      protocol: 'UDP/TCP · DNS',
      purpose: t('setup.purposes.dns'),
    },
  ];
  // On a phone the protocol sits under the port and a long host name wraps: no sideways scrolling.
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table withTableBorder striped aria-label={t('setup.requirements.title')} data-testid="requirements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('setup.requirements.host')}</Table.Th>
            <Table.Th>{t('setup.requirements.port')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('setup.requirements.protocol')}</Table.Th>
            <Table.Th>{t('setup.requirements.purpose')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.host}-${row.port}-${row.protocol}`}>
              <Table.Td>
                {row.isLocal ? (
                  row.host
                ) : (
                  <Code dir="ltr" translate="no" style={{ overflowWrap: 'anywhere' }}>
                    {row.host}
                  </Code>
                )}
              </Table.Td>
              <Table.Td>
                <Code translate="no">{row.port}</Code>
                <Text hiddenFrom="sm" size="xs" c="dimmed" translate="no" dir="ltr">
                  {row.protocol}
                </Text>
              </Table.Td>
              <Table.Td translate="no" dir="ltr" visibleFrom="sm">
                {row.protocol}
              </Table.Td>
              <Table.Td>{row.purpose}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
