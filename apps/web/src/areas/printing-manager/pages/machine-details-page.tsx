import {
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Container,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBlade, IconClipboardList, IconUser } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { DateText, DurationText, TimeText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { ConnectionBanner, LiveDot, MachineStatusBadge, SwapUrgencyBadge } from '../../../components/status';
import {
  CutsToday,
  machineState,
  useMachine,
  useMachineStatusView,
  useMachineViewsLive,
} from '../../../features/machines';
import {
  ChartCard,
  CutsChartCard,
  ReportTable,
  UptimeTimelineCard,
  useMachineUsedKnives,
  useUptimeLast24h,
} from '../../../features/reports';
import { browserTimeZone, formatNumber, formatPercent, lastHoursPeriod } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useLiveState } from './live-state';
import { knifePath } from './machine-card';

function Tile({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group gap={6} mb={4} wrap="nowrap">
        {icon}
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      {children}
    </Card>
  );
}

/** "Polar N 115 PLUS": the maker once, also where the designation already names it. */
function modelOf(machine: { manufacturer: string | null; designation: string | null }) {
  const { manufacturer, designation } = machine;
  if (manufacturer && designation?.toLowerCase().startsWith(manufacturer.toLowerCase())) return designation;
  return [manufacturer, designation].filter(Boolean).join(' ');
}

/** The period the machine page looks at, fixed when the page opens (the reports move every few minutes). */
const pagePeriod = () => lastHoursPeriod(24, Math.floor(Date.now() / 60_000) * 60_000);

/**
 * Machine details (product.md §2): the machine's view from the server, replaced by every live event
 * (state, cut counters, the knife in it with its urgency, the current order, the operator), uptime of the last 24 hours as a status timeline, cuts per hour
 * and the knives used.
 */
export function MachineDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const machine = useMachine(id);
  const { live, showBanner } = useLiveState(true, () => void view.refetch());
  const view = useMachineStatusView(id, { live });
  // every machine event carries the machine's whole view: it replaces the page's, nothing is added up
  useMachineViewsLive([id]);
  // the 24 hours are the report server's; read again when the machine's view moves
  const last24h = useUptimeLast24h([id], { follows: view.data ? String(view.data.revision) : undefined });
  const report = last24h.data?.find((row) => row.machine.id === id);
  const [period] = useState(pagePeriod);
  const knives = useMachineUsedKnives({ ...period, timeZone: browserTimeZone(), machineIds: [id] });
  const used = knives.data?.find((row) => row.machine.id === id);
  // The order the machine's cuts are booked to now: the status view names it exactly.
  const job = view.data?.currentJob ?? null;
  const name = machine.data?.name ?? view.data?.name;
  usePageTitle(name ?? t('manager.machine.title'));

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="/printing-manager/locations">
        {t('sections.locations')}
      </Anchor>
      {machine.data?.printingShopId && (
        <Anchor
          component={Link}
          to={`/printing-manager/locations/${machine.data.printingShopId}`}
          translate="no"
        >
          {machine.data.printingShopName}
        </Anchor>
      )}
      {name && <Text translate="no">{name}</Text>}
    </Breadcrumbs>
  );
  const error = machine.error ?? view.error;
  if (error && !view.data) {
    return (
      <Stack>
        {crumbs}
        <ErrorAlert
          error={error}
          action={
            <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void view.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      </Stack>
    );
  }
  const data = view.data;
  const now = Math.max(Date.now(), data ? Date.parse(data.asOf) : 0);
  const knife = data?.knife;
  const state = data ? machineState(data) : undefined;
  const cuts24h = report?.cutsPerHour.reduce((sum, bucket) => sum + bucket.cuts, 0);
  const n = (value: number) => formatNumber(value, i18n.language);

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        {crumbs}
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            {name ? (
              <Title order={1} translate="no">
                {name}
              </Title>
            ) : (
              <Skeleton h={36} w={240} />
            )}
            <Text c="dimmed" size="sm" translate="no">
              {[data?.serialNumber, machine.data && modelOf(machine.data)].filter(Boolean).join(' · ')}
            </Text>
            <LiveDot live={live} updatedAt={view.data ? Date.parse(view.data.asOf) : 0} />
          </Stack>
          <Stack gap={4} align="flex-end" aria-live="polite" data-testid="machine-status">
            {state ? <MachineStatusBadge status={state} size="xl" /> : <Skeleton h={32} w={140} />}
            {data?.statusSince && data.onlineStatus === 'ONLINE' && (
              <Text size="sm" c="dimmed">
                {t('manager.machine.since')} <TimeText value={data.statusSince} />
              </Text>
            )}
            {/* not connected: the badge says so, and the status the server last knew stays readable */}
            {data?.status && data.onlineStatus !== 'ONLINE' && (
              <Text size="sm" c="dimmed" data-testid="last-status">
                {t('manager.machine.lastStatus', {
                  status: translateKey(t, `status.machine.${data.status}`),
                })}
                {data.statusSince && (
                  <>
                    {' · '}
                    {t('manager.machine.since')} <TimeText value={data.statusSince} />
                  </>
                )}
              </Text>
            )}
          </Stack>
        </Group>
        {showBanner && <ConnectionBanner />}

        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          <Tile label={t('manager.machine.totalCuts')}>
            {data ? (
              <Text
                fz={32}
                fw={700}
                data-testid="machine-total-cuts"
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {n(data.totalCuts)}
              </Text>
            ) : (
              <Skeleton h={40} />
            )}
            <Stack gap={0}>
              {data && <CutsToday view={data} size="sm" testId="machine-cuts-today" />}
              <Text size="sm" c="dimmed" data-testid="machine-cuts-24h">
                {cuts24h === undefined ? '' : t('manager.machine.cuts24hValue', { value: n(cuts24h) })}
              </Text>
            </Stack>
          </Tile>
          <Tile label={t('manager.machine.knife')} icon={<IconBlade size={16} aria-hidden />}>
            {!data ? (
              <Skeleton h={40} />
            ) : knife ? (
              <Stack gap={6}>
                <Anchor
                  component={Link}
                  to={knifePath(knife.rfid)}
                  ff="monospace"
                  fw={600}
                  translate="no"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {knife.rfid}
                </Anchor>
                <SwapUrgencyBadge urgency={knife.swapUrgency} size="sm" wrap />
                {knife.knifeSwapInterval ? (
                  <>
                    <Progress
                      value={Math.min(100, (knife.cutsSinceLastGrinding / knife.knifeSwapInterval) * 100)}
                      color={
                        knife.swapUrgency === 'SWAP_REQUIRED'
                          ? 'red.8'
                          : knife.swapUrgency === 'SWAP_SOON'
                            ? 'yellow.9'
                            : 'green.8'
                      }
                      aria-label={t('manager.machine.knifeUsed', {
                        share: formatPercent(
                          knife.cutsSinceLastGrinding / knife.knifeSwapInterval,
                          i18n.language,
                        ),
                      })}
                    />
                    <Text size="xs" c="dimmed" data-testid="knife-cuts">
                      {t('manager.machine.knifeCuts', {
                        cuts: n(knife.cutsSinceLastGrinding),
                        interval: n(knife.knifeSwapInterval),
                      })}
                    </Text>
                  </>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('manager.machine.knifeCutsNoInterval', { cuts: n(knife.cutsSinceLastGrinding) })}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text c="dimmed">{t('manager.machine.noKnife')}</Text>
            )}
          </Tile>
          <Tile label={t('manager.machine.job')} icon={<IconClipboardList size={16} aria-hidden />}>
            {!data ? (
              <Skeleton h={40} />
            ) : job ? (
              <Stack gap={2}>
                <Text fw={600} translate="no" dir="auto">
                  {job.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {job.orderNumber && (
                    <>
                      <span translate="no">{job.orderNumber}</span>
                      {' · '}
                    </>
                  )}
                  {t('manager.machine.jobSince')} <DateText value={job.startDate} withTime />
                </Text>
                <Text size="xs" c="dimmed" data-testid="job-cuts">
                  {t('manager.machine.jobCuts', { cuts: n(job.cuts) })} ·{' '}
                  <DurationText seconds={Math.max(0, Math.round((now - Date.parse(job.startDate)) / 1000))} />
                </Text>
              </Stack>
            ) : (
              <Text c="dimmed">{t('manager.machine.noJob')}</Text>
            )}
          </Tile>
          <Tile label={t('manager.machine.operator')} icon={<IconUser size={16} aria-hidden />}>
            {!data ? (
              <Skeleton h={40} />
            ) : data.operator ? (
              <Text fw={600} translate="no" dir="auto">
                {data.operator.displayName}
              </Text>
            ) : (
              <Text c="dimmed">{t('manager.machine.noOperator')}</Text>
            )}
          </Tile>
        </SimpleGrid>

        <UptimeTimelineCard
          report={report}
          isLoading={last24h.isPending}
          error={last24h.error}
          onRetry={() => void last24h.refetch()}
        />
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <CutsChartCard
            title={t('reports.cuts.perHour')}
            buckets={report?.cutsPerHour}
            bucketSize="HOUR"
            isLoading={last24h.isPending}
            error={last24h.error}
            onRetry={() => void last24h.refetch()}
          />
          <ChartCard
            title={t('manager.machine.knivesUsed')}
            isLoading={knives.isPending}
            error={knives.error}
            onRetry={() => void knives.refetch()}
            isEmpty={!used || used.knives.length === 0}
            emptyText={t('manager.machine.noKnivesUsed')}
            summary={used && t('manager.machine.knivesUsedSummary', { formatted: n(used.count) })}
          >
            {used && (
              <ReportTable
                label={t('manager.machine.knivesUsed')}
                rowKey={(row) => row.rfid}
                rows={used.knives}
                columns={[
                  {
                    key: 'rfid',
                    title: t('reports.columns.rfid'),
                    render: (row) => (
                      <Anchor
                        component={Link}
                        to={knifePath(row.rfid)}
                        ff="monospace"
                        size="sm"
                        translate="no"
                      >
                        {row.rfid}
                      </Anchor>
                    ),
                  },
                  {
                    key: 'cuts',
                    title: t('reports.columns.cuts'),
                    numeric: true,
                    render: (row) => n(row.cuts),
                  },
                ]}
              />
            )}
          </ChartCard>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
