import { Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState } from '../../../components/feedback';
import { DurationText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { ConnectionBanner, LiveDot } from '../../../components/status';
import {
  useAssignedLocations,
  useMachinesOfLocations,
  useMinimalLocations,
} from '../../../features/locations';
import { useMachineStatusViews, useMachineViewsLive } from '../../../features/machines';
import { segmentSecondsByGroup, useUptimeLast24h } from '../../../features/reports';
import { formatNumber, formatPercent } from '../../../lib/format';
import { useLiveState } from './live-state';
import { MachineCard } from './machine-card';

function Figure({ label, value, testId }: { label: string; value: ReactNode | undefined; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={32} mt={4} w="60%" />
      ) : (
        <Text fz={28} fw={700} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The manager's start page, what they open every morning: the machines of their locations live
 * (state, cuts today and knife urgency from each machine's server view) and the last 24 hours at a
 * glance (the 24-hour report, read again every few minutes).
 */
export function ManagerHomePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('manager.home.title'));
  const assigned = useAssignedLocations();
  const everyLocation = useMinimalLocations();
  // their own sites; a manager assigned to none sees every location of the shop
  const locations = assigned.data && assigned.data.length > 0 ? assigned.data : (everyLocation.data ?? []);
  const machines = useMachinesOfLocations(locations.map((location) => location.id));
  const ids = machines.machines.map((machine) => machine.id);
  const refetchViews = () => views.refetch();
  const { live, showBanner } = useLiveState(ids.length > 0, () => refetchViews());
  const views = useMachineStatusViews(ids, { live });
  // the 24 hours are the report server's; read again when a machine's view moves
  const last24h = useUptimeLast24h(ids, {
    follows: [...views.views.values()].map((view) => `${view.machineId}:${view.revision}`).join(),
  });
  // every machine event carries the machine's whole view: it replaces the card's, nothing is added up
  useMachineViewsLive(ids);

  const loadingList = assigned.isPending || (locations.length > 0 && machines.isPending);
  // nothing to count yet while the machines load; an empty shop counts 0
  const none = !loadingList && ids.length === 0;
  const reports = new Map((last24h.data ?? []).map((report) => [report.machine.id, report]));
  const totalCuts = last24h.data?.reduce(
    (sum, report) => sum + report.cutsPerHour.reduce((s, bucket) => s + bucket.cuts, 0),
    0,
  );
  const groups = last24h.data
    ? segmentSecondsByGroup(last24h.data.flatMap((report) => report.segments))
    : undefined;
  const observed = groups ? Object.values(groups).reduce((sum, seconds) => sum + seconds, 0) : 0;
  const knivesDue = [...views.views.values()].filter(
    (view) =>
      view.knife && (view.knife.swapUrgency === 'SWAP_SOON' || view.knife.swapUrgency === 'SWAP_REQUIRED'),
  ).length;

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t('manager.home.title')}</Title>
            <Text c="dimmed">
              {locations.length > 0
                ? t('manager.home.subtitle', {
                    locations: locations.map((location) => location.name).join(', '),
                  })
                : t('manager.home.subtitleNone')}
            </Text>
            {ids.length > 0 && <LiveDot live={live} updatedAt={live ? views.newestAsOf : views.asOf} />}
          </Stack>
          <Button
            component={Link}
            to="reports"
            variant="light"
            leftSection={<IconChartBar size={18} aria-hidden />}
          >
            {t('manager.home.openReports')}
          </Button>
        </Group>
        {showBanner && ids.length > 0 && <ConnectionBanner />}

        <section aria-labelledby="last-24h">
          <Title order={2} size="h3" id="last-24h" mb="sm">
            {t('manager.home.last24h')}
          </Title>
          {last24h.error && !last24h.data ? (
            <ErrorAlert error={last24h.error} title={t('reports.chart.loadFailed')} />
          ) : (
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <Figure
                label={t('manager.home.cuts')}
                testId="total-cuts-24h"
                value={
                  totalCuts === undefined
                    ? ids.length
                      ? undefined
                      : '0'
                    : formatNumber(totalCuts, i18n.language)
                }
              />
              <Figure
                label={t('manager.home.producing')}
                testId="producing-24h"
                value={
                  groups
                    ? formatPercent(observed > 0 ? groups.producing / observed : 0, i18n.language)
                    : ids.length
                      ? undefined
                      : '–'
                }
              />
              <Figure
                label={t('manager.home.interruptions')}
                testId="interruptions-24h"
                value={groups ? <DurationText seconds={groups.interruption} /> : none ? '–' : undefined}
              />
              <Figure
                label={t('manager.home.knivesDue')}
                testId="knives-due"
                value={
                  none || (ids.length > 0 && !views.isPending)
                    ? formatNumber(knivesDue, i18n.language)
                    : undefined
                }
              />
            </SimpleGrid>
          )}
        </section>

        <section aria-labelledby="machines-now">
          <Title order={2} size="h3" id="machines-now" mb="sm">
            {t('manager.home.machines')}
          </Title>
          {machines.error ? (
            <ErrorAlert error={machines.error} />
          ) : loadingList ? (
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} h={170} radius="md" />
              ))}
            </SimpleGrid>
          ) : ids.length === 0 ? (
            <EmptyState title={t('manager.home.emptyTitle')} description={t('manager.home.emptyText')} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
              {machines.machines.map((machine) => (
                <MachineCard
                  key={machine.id}
                  machine={machine}
                  view={views.views.get(machine.id)}
                  report={reports.get(machine.id)}
                />
              ))}
            </SimpleGrid>
          )}
        </section>
      </Stack>
    </Container>
  );
}
