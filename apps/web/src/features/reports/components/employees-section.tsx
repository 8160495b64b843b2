import { exportEmployeeReport, HOURLY_BUCKETS_UP_TO_HOURS } from '@kerf/contracts';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BarChart, StackedBars } from '../../../components/charts';
import { DurationText } from '../../../components/format';
import { STATUS_GROUP_LOOK, STATUS_GROUPS } from '../../../components/status';
import {
  useEmployeeCuts,
  useEmployeeCutsPerHour,
  useEmployeeTimes,
  useEmployeeTotalTimes,
} from '../api/employee-reports';
import { type ReportFilter, rangeQuery } from '../api/report-filter';
import { addSeries, secondsByGroup } from '../report-data';
import { ChartCard } from './chart-card';
import { CsvButton, csvFileName } from './csv-button';
import { CutsChartCard } from './cuts-chart';
import { useReportFormat } from './report-format';
import { ReportTable } from './report-table';
import { StatusLegend } from './status-legend';

type ReportPerson = { id: string | null; label: string; team?: boolean };

/** The key of a row: a person's or team's id; nobody signed in and "no team" apart. */
const rowKeyOf = (employee: ReportPerson) => employee.id ?? (employee.team ? 'no-team' : 'nobody');

/** The name of a row without an id: nobody signed in, or (works-council mode teams) the employees in no team. */
function plainName(f: ReturnType<typeof useReportFormat>, employee: ReportPerson): string {
  if (employee.id) return employee.label;
  return employee.team ? f.t('reports.employees.noTeam') : f.t('reports.employees.nobody');
}

/** An employee as the reports name them: the pseudonym where set (the API's `label`), or their team. */
function EmployeeName({ employee }: { employee: ReportPerson }) {
  const f = useReportFormat();
  if (!employee.id) return <>{plainName(f, employee)}</>;
  return (
    <span translate="no" dir="auto">
      {employee.label}
    </span>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-tabular style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * Reporting, section Employees: totals, cuts per employee, cuts per hour (or day), and time by
 * status per employee; everyone under their pseudonym where one is set; CSV of the section.
 */
export function EmployeesReportSection({ filter }: { filter: ReportFilter }) {
  const f = useReportFormat();
  const query = rangeQuery(filter);
  const totals = useEmployeeTotalTimes(query);
  const cuts = useEmployeeCuts(query);
  const perHour = useEmployeeCutsPerHour(query);
  const times = useEmployeeTimes(query);
  const section = f.t('reports.sections.employees');
  const hours = (Date.parse(filter.period.endDate) - Date.parse(filter.period.startDate)) / 3_600_000;
  const bucketSize = perHour.data?.bucketSize ?? (hours > HOURLY_BUCKETS_UP_TO_HOURS ? 'DAY' : 'HOUR');
  const groups = totals.data ? secondsByGroup(totals.data.statuses) : undefined;
  const cutsTitle = f.t('reports.employees.cuts');
  const timesTitle = f.t('reports.employees.times');
  const employeeCuts = [...(cuts.data ?? [])].sort((a, b) => b.cuts - a.cuts);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure
          label={f.t('reports.employees.totalCuts')}
          value={totals.data ? f.count(totals.data.cuts) : '–'}
        />
        <Figure
          label={f.t('reports.employees.count')}
          value={totals.data ? f.count(totals.data.employees) : '–'}
        />
        <Figure
          label={f.t('status.group.producing')}
          value={groups ? <DurationText seconds={groups.producing} /> : '–'}
        />
        <Figure
          label={f.t('status.group.interruption')}
          value={groups ? <DurationText seconds={groups.interruption} /> : '–'}
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard
          title={cutsTitle}
          isLoading={cuts.isPending}
          error={cuts.error}
          onRetry={() => void cuts.refetch()}
          isEmpty={employeeCuts.length === 0}
          emptyText={f.t('reports.employees.empty')}
          actions={
            <CsvButton
              contract={exportEmployeeReport}
              query={query}
              fileName={csvFileName('employees')}
              section={section}
            />
          }
          summary={
            employeeCuts[0] &&
            f.t('reports.employees.cutsSummary', {
              name: plainName(f, employeeCuts[0].employee),
              cuts: f.count(employeeCuts[0].cuts),
            })
          }
          table={
            <ReportTable
              label={cutsTitle}
              rowKey={(row) => rowKeyOf(row.employee)}
              rows={employeeCuts}
              columns={[
                {
                  key: 'employee',
                  title: f.t('reports.columns.employee'),
                  render: (row) => <EmployeeName employee={row.employee} />,
                },
                {
                  key: 'cuts',
                  title: f.t('reports.columns.cuts'),
                  numeric: true,
                  render: (row) => f.count(row.cuts),
                },
              ]}
            />
          }
        >
          <BarChart
            label={cutsTitle}
            yLabel={f.t('reports.cuts.axis')}
            formatValue={f.count}
            slantLabels
            userLabels
            bars={employeeCuts.map((row) => {
              const name = plainName(f, row.employee);
              return {
                key: rowKeyOf(row.employee),
                label: name,
                value: row.cuts,
                color: 'steel.7',
                tooltip: f.t('reports.cuts.tooltip', { label: name, value: f.count(row.cuts) }),
              };
            })}
          />
        </ChartCard>

        <CutsChartCard
          title={bucketSize === 'HOUR' ? f.t('reports.cuts.perHour') : f.t('reports.cuts.perDay')}
          buckets={perHour.data ? addSeries(perHour.data.series) : undefined}
          bucketSize={bucketSize}
          isLoading={perHour.isPending}
          error={perHour.error}
          onRetry={() => void perHour.refetch()}
        />
      </SimpleGrid>

      <ChartCard
        title={timesTitle}
        isLoading={times.isPending}
        error={times.error}
        onRetry={() => void times.refetch()}
        isEmpty={(times.data ?? []).length === 0}
        emptyText={f.t('reports.employees.empty')}
        table={
          <ReportTable
            label={timesTitle}
            rowKey={(row) => rowKeyOf(row.employee)}
            rows={times.data ?? []}
            columns={[
              {
                key: 'employee',
                title: f.t('reports.columns.employee'),
                render: (row) => <EmployeeName employee={row.employee} />,
              },
              ...STATUS_GROUPS.filter((group) => group !== 'offline').map((group) => ({
                key: group,
                title: f.t(`status.group.${group}`),
                numeric: true,
                secondary: group !== 'producing' && group !== 'interruption',
                render: (row: NonNullable<typeof times.data>[number]) => (
                  <DurationText seconds={secondsByGroup(row.statuses)[group]} />
                ),
              })),
              {
                key: 'cuts',
                title: f.t('reports.columns.cuts'),
                numeric: true,
                render: (row) => f.count(row.cuts),
              },
            ]}
          />
        }
      >
        <Stack gap="sm">
          <StatusLegend groups={STATUS_GROUPS.filter((group) => group !== 'offline')} />
          <StackedBars
            label={timesTitle}
            rows={(times.data ?? []).map((row) => {
              const byGroup = secondsByGroup(row.statuses);
              return {
                key: rowKeyOf(row.employee),
                label: <EmployeeName employee={row.employee} />,
                parts: STATUS_GROUPS.filter((group) => group !== 'offline').map((group) => ({
                  key: group,
                  value: byGroup[group],
                  color: STATUS_GROUP_LOOK[group].color,
                  tooltip: `${f.t(`status.group.${group}`)}: ${f.duration(byGroup[group])}`,
                })),
              };
            })}
          />
        </Stack>
      </ChartCard>
    </Stack>
  );
}
