import type { JobStatus } from '@kerf/contracts';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconCircleCheck,
  IconClockPause,
  IconLoader,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  DataTable,
  dateColumn,
  orEmpty,
  RowAction,
  type TableColumn,
} from '../../../components/data-table';
import { ErrorAlert } from '../../../components/errors';
import { notifyError, notifySuccess } from '../../../components/feedback';
import { ToneBadge } from '../../../components/status';
import { formatNumber } from '../../../lib/format';
import { useIngestHealth } from '../api/ingest';
import { useRunJob, useSystemJobs } from '../api/jobs';

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={tone}>
        {value}
      </Text>
    </Paper>
  );
}

/** Telemetry ingest of this server instance: throughput, rejected messages and lag. */
export function IngestHealthPanel() {
  const { t, i18n } = useTranslation();
  const health = useIngestHealth();
  const number = (value: number, digits?: number) => formatNumber(value, i18n.language, digits);
  if (health.error && !health.data) return <ErrorAlert error={health.error} title={t('table.loadFailed')} />;
  if (!health.data) return <Skeleton height={120} />;
  const h = health.data;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }}>
        <Figure label={t('systemAdmin.ingest.rate')} value={number(h.messagesPerSecond, 1)} />
        <Figure label={t('systemAdmin.ingest.received')} value={number(h.received)} />
        <Figure
          label={t('systemAdmin.ingest.rejected')}
          value={number(h.rejected)}
          tone={h.rejected > 0 ? 'red.8' : undefined}
        />
        <Figure label={t('systemAdmin.ingest.queued')} value={number(h.queued)} />
        <Figure
          label={t('systemAdmin.ingest.lag')}
          value={h.lagMs === null ? '–' : t('systemAdmin.ingest.ms', { value: number(h.lagMs) })}
        />
        <Figure
          label={t('systemAdmin.ingest.broker')}
          value={h.brokerConnected ? t('systemAdmin.ingest.connected') : t('systemAdmin.ingest.disconnected')}
          tone={h.brokerConnected ? 'green.8' : 'red.8'}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('systemAdmin.ingest.note', {
          invalid: number(h.invalid),
          dropped: number(h.dropped),
          failed: number(h.failedBatches),
        })}
      </Text>
    </Stack>
  );
}

/** above this p99 the delay is shown in red: requests and machine acknowledgements wait visibly */
const SLOW_LOOP_MS = 100;

/**
 * The event loop of this server process over the last one to two minutes: how long every request,
 * MQTT acknowledgement and live frame waited for it (issue 30).
 */
export function EventLoopPanel() {
  const { t, i18n } = useTranslation();
  const health = useIngestHealth();
  const ms = (value: number) => t('systemAdmin.ingest.ms', { value: formatNumber(value, i18n.language, 1) });
  if (health.error && !health.data) return <ErrorAlert error={health.error} title={t('table.loadFailed')} />;
  if (!health.data) return <Skeleton height={120} />;
  const loop = health.data.eventLoop;
  const tone = (value: number) => (value > SLOW_LOOP_MS ? 'red.8' : undefined);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label={t('systemAdmin.eventLoop.p50')} value={ms(loop.p50Ms)} tone={tone(loop.p50Ms)} />
        <Figure label={t('systemAdmin.eventLoop.p99')} value={ms(loop.p99Ms)} tone={tone(loop.p99Ms)} />
        <Figure label={t('systemAdmin.eventLoop.max')} value={ms(loop.maxMs)} tone={tone(loop.maxMs)} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('systemAdmin.eventLoop.note', {
          seconds: formatNumber(loop.windowSeconds, i18n.language),
          samples: formatNumber(loop.samples, i18n.language),
        })}
      </Text>
    </Stack>
  );
}

const OUTCOME_LOOK = {
  never: { color: 'gray.7', icon: IconClockPause },
  running: { color: 'blue.8', icon: IconLoader },
  succeeded: { color: 'green.8', icon: IconCircleCheck },
  failed: { color: 'red.8', icon: IconX },
  skipped: { color: 'gray.7', icon: IconPlayerSkipForward },
} as const;

/** Background jobs with their last outcome and next run; "run now" after asking nothing (harmless). */
export function JobsTable() {
  const { t, i18n } = useTranslation();
  const jobs = useSystemJobs();
  const run = useRunJob();
  /** a job's period: seconds below a minute (the webhook job runs every few seconds), else minutes */
  const period = (ms: number) =>
    ms < 60_000
      ? t('systemAdmin.jobs.everySeconds', {
          seconds: formatNumber(Math.max(1, Math.round(ms / 1000)), i18n.language),
        })
      : t('systemAdmin.jobs.every', { minutes: formatNumber(Math.round(ms / 60_000), i18n.language) });
  const columns: TableColumn<JobStatus>[] = [
    {
      accessor: 'name',
      title: t('systemAdmin.jobs.name'),
      render: (job) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} ff="monospace" dir="ltr" translate="no">
            {job.name}
          </Text>
          <Text size="xs" c="dimmed">
            {period(job.everyMs)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'outcome',
      title: t('systemAdmin.jobs.outcome'),
      render: (job) => (
        <ToneBadge color={OUTCOME_LOOK[job.outcome].color} icon={OUTCOME_LOOK[job.outcome].icon}>
          {t(`systemAdmin.jobs.outcomes.${job.outcome}`)}
        </ToneBadge>
      ),
    },
    dateColumn('lastFinishedAt', t('systemAdmin.jobs.lastRun'), (job) => job.lastFinishedAt, {
      withTime: true,
      priority: 'low',
    }),
    {
      accessor: 'lastMessage',
      title: t('systemAdmin.jobs.message'),
      priority: 'low',
      render: (job) => (
        <Text span size="sm" dir="auto" translate="no">
          {orEmpty(job.lastMessage)}
        </Text>
      ),
    },
    dateColumn('nextRunAt', t('systemAdmin.jobs.nextRun'), (job) => job.nextRunAt, {
      withTime: true,
      priority: 'low',
    }),
    {
      accessor: 'runs',
      title: t('systemAdmin.jobs.runs'),
      priority: 'low',
      numeric: true,
      render: (job) =>
        `${formatNumber(job.runs, i18n.language)} / ${formatNumber(job.failures, i18n.language)}`,
    },
    actionsColumn(t('table.actions'), (job) => (
      <RowAction
        tooltip={t('systemAdmin.jobs.runNow')}
        label={t('systemAdmin.jobs.runNamed', { name: job.name })}
        icon={<IconPlayerPlay size={18} aria-hidden />}
        disabled={job.outcome === 'running' || run.isPending}
        onClick={() =>
          run.mutateAsync(job.name).then(
            (status) =>
              notifySuccess(t('systemAdmin.jobs.ran', { name: status.name }), undefined, t('actions.close')),
            (error) => notifyError(error, t, i18n),
          )
        }
      />
    )),
  ];
  const records = jobs.data;
  return (
    <Stack gap="sm">
      <Title order={2}>{t('systemAdmin.jobs.title')}</Title>
      <DataTable<JobStatus>
        label={t('systemAdmin.jobs.title')}
        columns={columns}
        idAccessor="name"
        records={records}
        totalRecords={records?.length ?? 0}
        isLoading={jobs.isPending}
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
        sortStatus={{ columnAccessor: 'name', direction: 'asc' }}
        onSortStatusChange={() => {}}
        empty={{ title: t('systemAdmin.jobs.empty') }}
        page={1}
        onPageChange={() => {}}
        recordsPerPage={100}
        onRecordsPerPageChange={() => {}}
      />
    </Stack>
  );
}
