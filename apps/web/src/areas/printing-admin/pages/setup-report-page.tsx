import { Button, Code, Container, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBack, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { DateText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { useMachinesAdminView } from '../../../features/machines';
import {
  CheckDetail,
  CheckStateBadge,
  EndCheck,
  RootCauses,
  rootCauses,
  SiteRequirementsTable,
  useNow,
  useSetupRun,
  useSystemInfo,
} from '../../../features/setup';
import { translateKey } from '../../../lib/i18n';
import './setup-report.css';

/**
 * The report for the customer's IT (print-friendly): every check with its result and advice, and
 * exactly which connections to open. The browser's print dialog makes the PDF.
 */
export function SetupReportPage() {
  const { t } = useTranslation();
  usePageTitle(t('setup.reportPage.title'));
  const { machineId = '', runId = '' } = useParams();
  const run = useSetupRun(machineId, runId);
  const system = useSystemInfo();
  const machines = useMachinesAdminView({ live: false });
  const machine = machines.data?.machines.find((m) => m.id === machineId);
  const now = useNow(60_000);
  const siteManagerCheck = run.data?.checks.find((c) => c.check === 'SITE_MANAGER');
  const serialCheck = run.data?.checks.find((c) => c.check === 'SERIAL_NUMBER');
  const expectedSerial = siteManagerCheck?.detail.expected ?? null;
  const reportedSerial = run.data?.siteManagerSerial ?? siteManagerCheck?.detail.found ?? null;
  // a cause several checks share is said once, above the table
  const shared = new Set(run.data ? rootCauses(run.data).map((cause) => cause.advice) : []);

  return (
    <Container size="lg" px={0} className="setup-report">
      <Stack gap="md">
        <Group justify="space-between" data-print-hide>
          <Button
            component={Link}
            to={`/printing-admin/setup/${machineId}`}
            variant="default"
            leftSection={<IconArrowBack size={18} aria-hidden />}
          >
            {t('setup.title')}
          </Button>
          <Button onClick={() => window.print()} leftSection={<IconPrinter size={18} aria-hidden />}>
            {t('setup.print')}
          </Button>
        </Group>
        <Title order={1}>{t('setup.reportPage.title')}</Title>
        {run.isLoading && <Skeleton h={400} />}
        {run.error && <ErrorAlert error={run.error} />}
        {run.data && (
          <>
            <Table aria-label={t('setup.reportPage.title')} withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">{t('setup.machine')}</Table.Th>
                  <Table.Td data-testid="report-machine">
                    {machines.isLoading ? (
                      <Skeleton h={20} w={200} />
                    ) : (
                      <>
                        {machine ? `${machine.name} · ` : ''}
                        <Code translate="no" dir="ltr">
                          {machine?.serialNumber ?? serialCheck?.detail.expected ?? t('setup.detail.notSet')}
                        </Code>
                      </>
                    )}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('setup.startedAt')}</Table.Th>
                  <Table.Td>
                    <DateText value={run.data.startedAt} withTime />
                  </Table.Td>
                </Table.Tr>
                {/* every value the report names is there, in words when there is none (issue 32) */}
                <Table.Tr>
                  <Table.Th scope="row">{t('setup.reportPage.serialExpected')}</Table.Th>
                  <Table.Td data-testid="report-serial-expected">
                    {expectedSerial ? (
                      <Code translate="no" dir="ltr">
                        {expectedSerial}
                      </Code>
                    ) : (
                      t('setup.detail.notSet')
                    )}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('setup.reportPage.serialReported')}</Table.Th>
                  <Table.Td data-testid="report-serial-found">
                    {reportedSerial ? (
                      <Code translate="no" dir="ltr">
                        {reportedSerial}
                      </Code>
                    ) : run.data.state === 'RUNNING' ? (
                      t('setup.states.RUNNING')
                    ) : (
                      t('setup.detail.notReported')
                    )}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <EndCheck run={run.data} now={now} />
            <RootCauses run={run.data} />
            <Title order={2} size="h3">
              {t('setup.reportPage.checks')}
            </Title>
            <Table.ScrollContainer minWidth={520}>
              <Table withTableBorder striped aria-label={t('setup.reportPage.checks')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('setup.reportPage.check')}</Table.Th>
                    <Table.Th>{t('setup.reportPage.result')}</Table.Th>
                    <Table.Th>{t('setup.reportPage.advice')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {run.data.checks.map((check) => (
                    <Table.Tr key={check.check} data-testid={`report-${check.check}`}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {translateKey(t, `setup.checks.${check.check}`)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {check.side === 'CLOUD' ? t('setup.external') : t('setup.internal')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <CheckStateBadge state={check.state} />
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4}>
                          {check.advice &&
                            (shared.has(check.advice) ? (
                              <Text size="sm">{t('setup.causedBy')}</Text>
                            ) : (
                              <Text size="sm">{translateKey(t, `setup.advice.${check.advice}`)}</Text>
                            ))}
                          <CheckDetail detail={check.detail} />
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        {system.data && (
          <>
            <Title order={2} size="h3">
              {t('setup.requirements.title')}
            </Title>
            <Text size="sm">{t('setup.requirements.intro')}</Text>
            <SiteRequirementsTable requirements={system.data.requirements} />
          </>
        )}
      </Stack>
    </Container>
  );
}
