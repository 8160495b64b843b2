import type { MachineUptimeLast24hSchema } from '@kerf/contracts';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { TimelineChart } from '../../../components/charts';
import { DurationText } from '../../../components/format';
import { STATUS_GROUP_LOOK } from '../../../components/status';
import { localHourMarks } from '../../../lib/format';
import { reportStatusGroup, segmentSecondsByGroup } from '../report-data';
import { ChartCard } from './chart-card';
import { useReportFormat } from './report-format';
import { ReportTable } from './report-table';
import { StatusLegend } from './status-legend';

type Last24h = z.infer<typeof MachineUptimeLast24hSchema>;

/** The timeline in words: time per status group over the 24 hours (its text alternative). */
function useTimelineSummary() {
  const f = useReportFormat();
  return (report: Last24h) => {
    const groups = segmentSecondsByGroup(report.segments);
    return f.t('reports.timeline.summary', {
      producing: f.duration(groups.producing),
      interruption: f.duration(groups.interruption),
      support: f.duration(groups.support),
      setup: f.duration(groups.setup),
      idle: f.duration(groups.idle),
      offline: f.duration(groups.offline),
    });
  };
}

function useSegments(report: Last24h) {
  const f = useReportFormat();
  return report.segments.map((segment) => {
    const look = STATUS_GROUP_LOOK[reportStatusGroup(segment.status)];
    return {
      key: `${segment.from}-${segment.status}`,
      from: segment.from,
      to: segment.to,
      color: look.color,
      dashed: look.dashed,
      tooltip: f.t('reports.timeline.tooltip', {
        status: f.status(segment.status),
        from: f.time(segment.from),
        to: f.time(segment.to),
        duration: f.duration((Date.parse(segment.to) - Date.parse(segment.from)) / 1000),
      }),
    };
  });
}

/** A small 24-hour timeline for a machine card: no axis, the summary as its accessible name. */
export function UptimeStrip({ report }: { report: Last24h }) {
  const summary = useTimelineSummary()(report);
  const segments = useSegments(report);
  return <TimelineChart from={report.from} to={report.to} segments={segments} height={12} label={summary} />;
}

/**
 * Uptime over the last 24 hours as a timeline coloured by status group (docs/design.md), with hour
 * marks in the browser's time zone, the legend, and every stretch as a table on request.
 */
export function UptimeTimelineCard({
  report,
  isLoading,
  error,
  onRetry,
  actions,
}: {
  report: Last24h | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry?: () => void;
  actions?: ReactNode;
}) {
  const f = useReportFormat();
  const summarize = useTimelineSummary();
  const empty: Last24h = {
    machine: { id: '', name: '', serialNumber: '', locationId: null, locationName: null },
    from: '',
    to: '',
    segments: [],
    cutsPerHour: [],
  };
  const segments = useSegments(report ?? empty);
  const title = f.t('reports.timeline.title');
  return (
    <ChartCard
      title={title}
      isLoading={isLoading && !report}
      error={report ? undefined : error}
      onRetry={onRetry}
      isEmpty={report ? report.segments.length === 0 : false}
      summary={report ? summarize(report) : undefined}
      actions={actions}
      height={60}
      table={
        report && (
          <ReportTable
            label={title}
            rowKey={(segment) => `${segment.from}-${segment.status}`}
            rows={report.segments}
            columns={[
              { key: 'status', title: f.t('reports.timeline.status'), render: (s) => f.status(s.status) },
              { key: 'from', title: f.t('reports.timeline.from'), render: (s) => f.time(s.from) },
              { key: 'to', title: f.t('reports.timeline.to'), render: (s) => f.time(s.to) },
              {
                key: 'duration',
                title: f.t('reports.duration'),
                numeric: true,
                render: (s) => <DurationText seconds={(Date.parse(s.to) - Date.parse(s.from)) / 1000} />,
              },
            ]}
          />
        )
      }
    >
      {report && (
        <Stack gap="xs">
          <TimelineChart
            from={report.from}
            to={report.to}
            segments={segments}
            marks={localHourMarks(report.from, report.to, 3)}
            height={36}
            label={summarize(report)}
          />
          <StatusLegend />
        </Stack>
      )}
    </ChartCard>
  );
}
