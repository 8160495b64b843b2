import { exportMachineReport } from '@kerf/contracts';
import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { BarChart, StackedBars } from '../../../components/charts';
import { DurationText } from '../../../components/format';
import { STATUS_GROUP_LOOK, STATUS_GROUPS } from '../../../components/status';
import { useMachineAverageUptime, useMachineTotalUptime, useMachineUsedKnives } from '../api/machine-reports';
import { type ReportFilter, rangeQuery } from '../api/report-filter';
import { addStatusSeconds, interruptionPareto, producingShare, secondsByGroup } from '../report-data';
import { ChartCard } from './chart-card';
import { CsvButton, csvFileName } from './csv-button';
import { useReportFormat } from './report-format';
import { ReportTable } from './report-table';
import { StatusLegend } from './status-legend';

/**
 * Reporting, section Cutting machines: time by status per machine, interruptions by reason
 * (Pareto), and the machines' running time, cuts and knives as a table; CSV of the section.
 */
export function MachinesReportSection({
  filter,
  machineHref,
}: {
  filter: ReportFilter;
  machineHref?: (id: string) => string;
}) {
  const f = useReportFormat();
  const query = rangeQuery(filter);
  const total = useMachineTotalUptime(query);
  const average = useMachineAverageUptime(query);
  const knives = useMachineUsedKnives(query);
  const section = f.t('reports.sections.machines');
  const csv = (
    <CsvButton
      contract={exportMachineReport}
      query={query}
      fileName={csvFileName('cutting-machines')}
      section={section}
    />
  );

  const machines = total.data ?? [];
  const all = addStatusSeconds(machines.map((m) => m.statuses));
  const pareto = interruptionPareto(all);
  // the axis counts minutes, or hours once the largest reason passes three hours (exact durations in tooltips and table)
  const paretoInHours = (pareto[0]?.seconds ?? 0) >= 3 * 3600;
  const knivesUsed = new Map((knives.data ?? []).map((row) => [row.machine.id, row.count]));
  const name = (machine: { id: string; name: string }) =>
    machineHref ? (
      <Anchor component={Link} to={machineHref(machine.id)} translate="no" dir="auto" size="sm">
        {machine.name}
      </Anchor>
    ) : (
      <span translate="no" dir="auto">
        {machine.name}
      </span>
    );

  const statusTitle = f.t('reports.machines.byStatus');
  const paretoTitle = f.t('reports.machines.interruptions');
  return (
    <Stack gap="md">
      <ChartCard
        title={statusTitle}
        isLoading={total.isPending}
        error={total.error}
        onRetry={() => void total.refetch()}
        isEmpty={machines.length === 0}
        emptyText={f.t('reports.machines.empty')}
        actions={csv}
        summary={f.t('reports.machines.summary', {
          machines: f.count(machines.length),
          share: f.percent(producingShare(all)),
        })}
        table={
          <ReportTable
            label={statusTitle}
            rowKey={(m) => m.machine.id}
            rows={machines}
            columns={[
              { key: 'machine', title: f.t('reports.columns.machine'), render: (m) => name(m.machine) },
              ...STATUS_GROUPS.map((group) => ({
                key: group,
                title: f.t(`status.group.${group}`),
                numeric: true,
                secondary: group !== 'producing' && group !== 'interruption',
                render: (m: (typeof machines)[number]) => (
                  <DurationText seconds={secondsByGroup(m.statuses)[group]} />
                ),
              })),
            ]}
          />
        }
      >
        <Stack gap="sm">
          <StatusLegend />
          <StackedBars
            label={statusTitle}
            rows={machines.map((m) => {
              const groups = secondsByGroup(m.statuses);
              return {
                key: m.machine.id,
                label: (
                  <span translate="no" dir="auto">
                    {m.machine.name}
                  </span>
                ),
                parts: STATUS_GROUPS.map((group) => ({
                  key: group,
                  value: groups[group],
                  color: STATUS_GROUP_LOOK[group].color,
                  dashed: STATUS_GROUP_LOOK[group].dashed,
                  tooltip: `${f.t(`status.group.${group}`)}: ${f.duration(groups[group])}`,
                })),
              };
            })}
          />
        </Stack>
      </ChartCard>

      <ChartCard
        title={paretoTitle}
        isLoading={total.isPending}
        error={total.error}
        onRetry={() => void total.refetch()}
        isEmpty={pareto.length === 0}
        emptyText={f.t('reports.machines.noInterruptions')}
        summary={
          pareto[0] &&
          f.t('reports.machines.interruptionsSummary', {
            reason: f.status(pareto[0].reason),
            duration: f.duration(pareto[0].seconds),
            share: f.percent(pareto[0].cumulativeShare),
          })
        }
        table={
          <ReportTable
            label={paretoTitle}
            rowKey={(p) => p.reason}
            rows={pareto}
            columns={[
              { key: 'reason', title: f.t('reports.columns.reason'), render: (p) => f.status(p.reason) },
              {
                key: 'duration',
                title: f.t('reports.duration'),
                numeric: true,
                render: (p) => <DurationText seconds={p.seconds} />,
              },
              {
                key: 'cumulative',
                title: f.t('reports.machines.cumulative'),
                numeric: true,
                render: (p) => f.percent(p.cumulativeShare),
              },
            ]}
          />
        }
      >
        <BarChart
          label={paretoTitle}
          yLabel={paretoInHours ? f.t('reports.downtimeHours') : f.t('reports.downtimeMinutes')}
          formatValue={f.count}
          slantLabels
          bars={pareto.map((p) => ({
            key: p.reason,
            label: f.status(p.reason),
            value: p.seconds / (paretoInHours ? 3600 : 60),
            color: STATUS_GROUP_LOOK.interruption.color,
            tooltip: `${f.status(p.reason)}: ${f.duration(p.seconds)} (${f.percent(p.cumulativeShare)})`,
          }))}
          line={{
            values: pareto.map((p) => p.cumulativeShare),
            color: 'dark.5',
            label: f.t('reports.machines.cumulative'),
            formatShare: f.percent,
          }}
        />
      </ChartCard>

      <ChartCard
        title={f.t('reports.machines.table')}
        isLoading={average.isPending}
        error={average.error}
        onRetry={() => void average.refetch()}
        isEmpty={(average.data ?? []).length === 0}
        emptyText={f.t('reports.machines.empty')}
      >
        <ReportTable
          label={f.t('reports.machines.table')}
          rowKey={(row) => row.machine.id}
          rows={average.data ?? []}
          columns={[
            { key: 'machine', title: f.t('reports.columns.machine'), render: (row) => name(row.machine) },
            {
              key: 'uptime',
              title: f.t('reports.columns.uptime'),
              numeric: true,
              render: (row) => <DurationText seconds={row.uptimeSeconds} />,
            },
            {
              key: 'average',
              title: f.t('reports.columns.averageDaily'),
              numeric: true,
              secondary: true,
              render: (row) => <DurationText seconds={row.averageDailyUptimeSeconds} />,
            },
            {
              key: 'cuts',
              title: f.t('reports.columns.cuts'),
              numeric: true,
              render: (row) => f.count(row.cuts),
            },
            {
              key: 'knives',
              title: f.t('reports.columns.knivesUsed'),
              numeric: true,
              secondary: true,
              render: (row) => f.count(knivesUsed.get(row.machine.id) ?? 0),
            },
          ]}
        />
      </ChartCard>
    </Stack>
  );
}
