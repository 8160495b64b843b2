import type { SetupCheckRun } from '@kerf/contracts';
import {
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronRight, IconPlayerPlay, IconPrinter, IconServer } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState, notifyError } from '../../../components/feedback';
import { DateText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { NetworkSetupBadge, useMachinesAdminView } from '../../../features/machines';
import {
  CheckStateBadge,
  EndCheck,
  outdated,
  SetupChecksAccordion,
  SiteManagerCard,
  useNow,
  useSetupRuns,
  useSetupRunsLive,
  useStartSetupChecks,
} from '../../../features/setup';
import { formatAge } from '../../../lib/format';

import classes from './setup-assistant.module.css';

const BASE = '/printing-admin';

function History({ runs, machineId }: { runs: SetupCheckRun[]; machineId: string }) {
  const { t } = useTranslation();
  if (runs.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="xs">
        {t('setup.history')}
      </Title>
      <Table aria-label={t('setup.history')}>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td>
                <DateText value={run.startedAt} withTime />
              </Table.Td>
              <Table.Td>
                <CheckStateBadge state={run.state} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`${BASE}/setup/${machineId}/report/${run.id}`} size="sm">
                  {t('setup.report')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * product.md §2 "Setup assistant": pick a machine, run the checks; the cloud's answer at once, the site
 * manager's live as its doctor reports; the end check, the advice, the printable report.
 */
export function SetupAssistantPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('setup.title'));
  const { machineId = null } = useParams();
  const navigate = useNavigate();
  const machines = useMachinesAdminView({ live: true });
  const runs = useSetupRuns(machineId);
  useSetupRunsLive(machineId);
  const start = useStartSetupChecks();
  const machine = machines.data?.machines.find((m) => m.id === machineId) ?? null;
  const latest = runs.data?.[0] ?? null;
  // the age of the results is read against the clock as the page renders, once a minute
  const now = useNow(60_000);
  // Reading the runs settles the machine's network setup state from the latest one (the server
  // keeps the badge and the end check on the same results): read the machines again when it changes.
  const queryClient = useQueryClient();
  const settledId = latest && latest.state !== 'RUNNING' ? latest.id : null;
  useEffect(() => {
    if (settledId) void queryClient.invalidateQueries({ queryKey: ['machines'] });
  }, [settledId, queryClient]);

  const run = async () => {
    if (!machineId) return;
    try {
      await start.mutateAsync(machineId);
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('setup.title')}</Title>
            <Text c="dimmed">{t('setup.intro')}</Text>
          </div>
          <Button
            component={Link}
            to={`${BASE}/system`}
            variant="default"
            leftSection={<IconServer size={18} aria-hidden />}
          >
            {t('setup.systemPage')}
          </Button>
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Paper withBorder p="md" radius="md">
                <Stack gap="sm">
                  {machines.isLoading ? (
                    <Skeleton h={60} />
                  ) : machines.error ? (
                    <ErrorAlert error={machines.error} />
                  ) : (
                    <Select
                      label={t('setup.machine')}
                      placeholder={t('setup.chooseMachine')}
                      searchable
                      data={(machines.data?.machines ?? []).map((m) => ({
                        value: m.id,
                        label: `${m.name} · ${m.serialNumber}`,
                      }))}
                      value={machineId}
                      onChange={(id) => id && navigate(`${BASE}/setup/${id}`)}
                    />
                  )}
                  {machine && (
                    <Group justify="space-between">
                      <Group gap="xs">
                        <Text size="sm" c="dimmed">
                          {t('network.setupState')}:
                        </Text>
                        <NetworkSetupBadge state={machine.networkSetupState} />
                        {latest && outdated(latest, now) && (
                          // the badge comes from the latest results: when they are old, it says so
                          <Text size="sm" c="dimmed" data-testid="setup-state-age">
                            {t('setup.stateAsOf', {
                              age: formatAge(latest.finishedAt ?? latest.startedAt, i18n.language, now),
                            })}
                          </Text>
                        )}
                      </Group>
                      <Group gap="xs">
                        {latest && latest.state !== 'RUNNING' && (
                          <Button
                            component={Link}
                            to={`${BASE}/setup/${machine.id}/report/${latest.id}`}
                            variant="default"
                            leftSection={<IconPrinter size={18} aria-hidden />}
                          >
                            {t('setup.report')}
                          </Button>
                        )}
                        <Button
                          onClick={() => void run()}
                          loading={start.isPending}
                          disabled={latest?.state === 'RUNNING'}
                          leftSection={<IconPlayerPlay size={18} aria-hidden />}
                        >
                          {t('setup.run')}
                        </Button>
                      </Group>
                    </Group>
                  )}
                </Stack>
              </Paper>
              {machineId && runs.isLoading && <Skeleton h={300} />}
              {runs.error && <ErrorAlert error={runs.error} />}
              {machineId && runs.data && !latest && (
                <EmptyState title={t('setup.noRunTitle')} description={t('setup.noRun')} />
              )}
              {latest && (
                <>
                  <Text size="sm" c="dimmed">
                    {t('setup.startedAt')} <DateText value={latest.startedAt} withTime />
                  </Text>
                  <EndCheck run={latest} now={now} onRerun={() => void run()} rerunning={start.isPending} />
                  <SetupChecksAccordion run={latest} systemPath={`${BASE}/system`} />
                </>
              )}
              {!machineId && (machines.data?.machines.length ?? 0) === 0 && (
                <EmptyState title={t('setup.chooseMachine')} description={t('setup.chooseMachineText')} />
              )}
              {!machineId && (machines.data?.machines.length ?? 0) > 0 && (
                // The machines with their network setup state, one tap from their checks.
                <Stack gap="xs">
                  <Text c="dimmed">{t('setup.chooseMachineText')}</Text>
                  {machines.data?.machines.map((m) => (
                    <UnstyledButton
                      key={m.id}
                      component={Link}
                      to={`${BASE}/setup/${m.id}`}
                      aria-label={t('setup.openFor', { name: m.name })}
                      className={classes.machineRow}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="sm">
                        <Stack gap={0} miw={0}>
                          <Text fw={600} translate="no" truncate>
                            {m.name}
                          </Text>
                          <Text size="sm" c="dimmed" ff="monospace" dir="ltr" translate="no">
                            {m.serialNumber}
                          </Text>
                        </Stack>
                        <Group gap="xs" wrap="nowrap">
                          <NetworkSetupBadge state={m.networkSetupState} />
                          <IconChevronRight size={18} aria-hidden className={classes.chevron} />
                        </Group>
                      </Group>
                    </UnstyledButton>
                  ))}
                </Stack>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <SiteManagerCard />
              {machineId && runs.data && <History runs={runs.data.slice(1)} machineId={machineId} />}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
