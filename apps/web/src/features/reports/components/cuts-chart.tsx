import type { ReactNode } from 'react';
import { BarChart } from '../../../components/charts';
import { ChartCard } from './chart-card';
import { useReportFormat } from './report-format';
import { ReportTable } from './report-table';

/** Bars of cuts per local hour (or day, for long periods), with the axis in cuts and a table. */
export function CutsChartCard({
  title,
  buckets,
  bucketSize,
  isLoading,
  error,
  onRetry,
  actions,
}: {
  title: string;
  buckets: { start: string; cuts: number }[] | undefined;
  bucketSize: 'HOUR' | 'DAY';
  isLoading: boolean;
  error: unknown;
  onRetry?: () => void;
  actions?: ReactNode;
}) {
  const f = useReportFormat();
  const total = (buckets ?? []).reduce((sum, bucket) => sum + bucket.cuts, 0);
  const peak = (buckets ?? []).reduce<{ start: string; cuts: number } | null>(
    (best, bucket) => (!best || bucket.cuts > best.cuts ? bucket : best),
    null,
  );
  const summary =
    peak && total > 0
      ? f.t('reports.cuts.summary', {
          total: f.count(total),
          peak: f.bucket(peak.start, bucketSize),
          peakCuts: f.count(peak.cuts),
        })
      : undefined;
  return (
    <ChartCard
      title={title}
      isLoading={isLoading && !buckets}
      error={buckets ? undefined : error}
      onRetry={onRetry}
      isEmpty={Boolean(buckets) && total === 0}
      emptyText={f.t('reports.cuts.empty')}
      summary={summary}
      actions={actions}
      table={
        buckets && (
          <ReportTable
            label={title}
            rowKey={(bucket) => bucket.start}
            rows={buckets}
            columns={[
              {
                key: 'start',
                title: bucketSize === 'HOUR' ? f.t('reports.cuts.hour') : f.t('reports.cuts.day'),
                render: (bucket) => f.bucket(bucket.start, bucketSize),
              },
              {
                key: 'cuts',
                title: f.t('reports.cuts.cuts'),
                numeric: true,
                render: (bucket) => f.count(bucket.cuts),
              },
            ]}
          />
        )
      }
    >
      {buckets && (
        <BarChart
          label={summary ?? title}
          yLabel={f.t('reports.cuts.axis')}
          formatValue={f.count}
          maxLabels={6}
          bars={buckets.map((bucket) => ({
            key: bucket.start,
            label: f.bucket(bucket.start, bucketSize),
            value: bucket.cuts,
            color: 'steel.7',
            tooltip: f.t('reports.cuts.tooltip', {
              label: f.bucket(bucket.start, bucketSize),
              value: f.count(bucket.cuts),
            }),
          }))}
        />
      )}
    </ChartCard>
  );
}
