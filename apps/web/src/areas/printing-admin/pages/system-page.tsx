import {
  Alert,
  Code,
  Container,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { DateText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { SiteManagerCard, SiteRequirementsTable, useSystemInfo } from '../../../features/setup';

/** The System page the assistant links to (product.md §2): versions, server time, broker, what to open. */
export function SystemPage() {
  const { t } = useTranslation();
  usePageTitle(t('setup.system.title'));
  const system = useSystemInfo();
  const info = system.data;
  const rows = info
    ? [
        { label: t('setup.system.version'), value: <Code translate="no">{info.version}</Code> },
        { label: t('setup.system.node'), value: <Code translate="no">{info.nodeVersion}</Code> },
        { label: t('setup.system.serverTime'), value: <DateText value={info.serverTime} withTime /> },
        { label: t('setup.system.database'), value: t(`setup.system.databases.${info.database}`) },
        {
          label: t('setup.system.broker'),
          value: info.broker.embedded ? t('setup.system.brokerEmbedded') : t('setup.system.brokerExternal'),
        },
        {
          label: t('setup.system.brokerState'),
          value: info.broker.connected ? t('setup.system.connected') : t('setup.system.disconnected'),
        },
        {
          label: t('setup.system.certificate'),
          value: info.certificate ? (
            <>
              <Code translate="no" dir="ltr">
                {info.certificate.subject.replaceAll('\n', ', ')}
              </Code>{' '}
              · {t('setup.detail.validTo')}: <DateText value={info.certificate.validTo} />
              {info.certificate.selfSigned && ` · ${t('setup.system.selfSigned')}`}
            </>
          ) : (
            t('setup.system.noTls')
          ),
        },
      ]
    : [];
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('setup.system.title')}</Title>
          <Text c="dimmed">{t('setup.system.intro')}</Text>
        </div>
        {system.isLoading && <Skeleton h={320} />}
        {system.error && <ErrorAlert error={system.error} />}
        {info && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="xs">
                {t('setup.system.facts')}
              </Title>
              <Table aria-label={t('setup.system.facts')}>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.label}>
                      <Table.Th scope="row">{row.label}</Table.Th>
                      <Table.Td>{row.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
            <SiteManagerCard />
          </SimpleGrid>
        )}
        {info && (
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('setup.requirements.title')}
              </Title>
              <Text size="sm">{t('setup.requirements.intro')}</Text>
              <SiteRequirementsTable requirements={info.requirements} />
              {info.requirements.mqttsPort === null && (
                <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
                  {t('setup.advice.SERVER_TLS_NOT_CONFIGURED')}
                </Alert>
              )}
              <Text size="sm">{t('setup.requirements.doctor')}</Text>
              <Code block dir="ltr" translate="no" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {`kerf-edge doctor --credentials machine.json --server ${window.location.origin}`}
              </Code>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
