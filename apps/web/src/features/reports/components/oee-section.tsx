import {
  exportOeeReport,
  type IdealCutRateSource,
  OEE_LOSSES,
  type OeeFigures,
  type OeeLoss,
  type OeeReport,
} from '@kerf/contracts';
import {
  Alert,
  Box,
  Button,
  Group,
  type MantineBreakpoint,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarOff, IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { LineChart } from '../../../components/charts';
import { DataTable, EmptyValue, type TableColumn, useTableState } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState } from '../../../components/feedback';
import { DurationText, LocalDateText } from '../../../components/format';
import { translateKey } from '../../../lib/i18n';
import { useOeeReport } from '../api/oee-reports';
import { type ReportFilter, rangeQuery } from '../api/report-filter';
import { ChartCard } from './chart-card';
import { CsvButton, csvFileName } from './csv-button';
import { useReportFormat } from './report-format';
import { ReportTable } from './report-table';

/** The three factors and their product, in the order the screens show them. */
const FIGURES = ['oee', 'availability', 'performance', 'quality'] as const;
type Figure = (typeof FIGURES)[number];

/**
 * The lines of the trend: brand and neutral colours (OEE is no status, docs/design.md "Colour"), each
 * with its own dash so that they read without colour too.
 */
const LINE_LOOK: Record<Figure, { color: string; dash?: string; strong?: boolean }> = {
  oee: { color: 'steel.8', strong: true },
  availability: { color: 'steel.4', dash: '8 4' },
  performance: { color: 'dark.4', dash: '2 3' },
  quality: { color: 'gray.6', dash: '10 3 2 3' },
};

const TIME_LOSSES: readonly OeeLoss[] = [
  'BREAKDOWNS',
  'SETUP_AND_ADJUSTMENTS',
  'SMALL_STOPS',
  'REDUCED_SPEED',
];
const REJECT_LOSSES: readonly OeeLoss[] = ['STARTUP_REJECTS', 'PRODUCTION_REJECTS'];

const lossAmount = (figures: OeeFigures, loss: OeeLoss) =>
  figures.losses.find((entry) => entry.loss === loss)?.amount ?? 0;

type MachineRow = OeeReport['machines'][number];
type LocationRow = OeeReport['locations'][number];
type ShiftRow = OeeReport['shifts'][number] & { id: string };

/**
 * Reporting, section OEE (issue 36): how much of the planned production time (the locations' shift
 * calendars) became good cuts at the machines' ideal rate. Headline figures for the scope, the trend
 * per local day, the six big losses, and tables per machine, location and shift; CSV of the section.
 * A figure that cannot be known says "not measured" and why, never 100 %.
 */
export function OeeReportSection({ filter }: { filter: ReportFilter }) {
  const f = useReportFormat();
  const query = rangeQuery(filter);
  const report = useOeeReport(query);
  const section = f.t('oee.section');
  const csv = (
    <CsvButton contract={exportOeeReport} query={query} fileName={csvFileName('oee')} section={section} />
  );

  if (report.error && !report.data) {
    return (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <ErrorAlert
          error={report.error}
          title={f.t('reports.chart.loadFailed')}
          action={
            <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void report.refetch()}>
              {f.t('actions.retry')}
            </Button>
          }
        />
      </Paper>
    );
  }
  if (!report.data) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={f.t('table.loading')}>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {FIGURES.map((figure) => (
            <Skeleton key={figure} height={112} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton height={260} radius="md" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  }

  const data = report.data;
  if (data.locations.length === 0) {
    // nothing in scope (a search that finds no machine): not a missing calendar
    return (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <EmptyState title={f.t('reports.machines.empty')} />
      </Paper>
    );
  }
  const withCalendar = data.locations.filter((location) => location.hasCalendar);
  if (withCalendar.length === 0) {
    return (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="oee-no-calendar">
        <EmptyState
          icon={<IconCalendarOff aria-hidden />}
          title={f.t('oee.noCalendar.title')}
          description={f.t('oee.noCalendar.text')}
        />
      </Paper>
    );
  }
  const withoutCalendar = data.locations.filter((location) => !location.hasCalendar);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="xs">
        <Text size="sm" c="dimmed" maw={720}>
          {f.t('oee.intro')}
        </Text>
        {csv}
      </Group>
      {withoutCalendar.length > 0 && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconCalendarOff size={18} aria-hidden />}
          data-testid="oee-some-without-calendar"
        >
          {f.t('oee.noCalendar.some', {
            locations: new Intl.ListFormat(f.locale, { type: 'conjunction' }).format(
              withoutCalendar.map((location) => location.locationName ?? f.t('oee.tables.noLocation')),
            ),
          })}
        </Alert>
      )}
      <HeadlineFigures figures={data.total} />
      <TrendCard days={data.days} total={data.total} />
      <LossesCard figures={data.total} />
      <MachinesTable rows={data.machines} />
      <LocationsTable rows={data.locations} />
      <ShiftsTable rows={data.shifts} />
    </Stack>
  );
}

/** Whether the window is at least as wide as a breakpoint of the theme. */
function useWide(breakpoint: 'xs' | 'sm') {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints[breakpoint]})`) ?? false;
}

/** A figure in the locale ("87 %", "٨٧٪"), or "not measured". */
function useFigureText() {
  const f = useReportFormat();
  return (value: number | null) => (value === null ? f.t('oee.notMeasured') : f.percent(value));
}

/** A figure in a table cell: the percentage, or a dimmed "not measured" with its reason on hover. */
function FigureCell({ value, figure }: { value: number | null; figure: Figure }) {
  const f = useReportFormat();
  if (value !== null) return <>{f.percent(value)}</>;
  return (
    <Tooltip label={f.t(`oee.why.${figure}`)} multiline maw={280} withinPortal>
      <Text span size="sm" c="dimmed" tabIndex={0} style={{ whiteSpace: 'nowrap' }}>
        {f.t('oee.notMeasured')}
      </Text>
    </Tooltip>
  );
}

function HeadlineFigures({ figures }: { figures: OeeFigures }) {
  const f = useReportFormat();
  const titleId = useId();
  const good = Math.max(0, figures.measuredCuts - figures.startupRejects - figures.productionRejects);
  const details: Record<Figure, ReactNode> = {
    oee: f.t('oee.detail.oee'),
    availability: f.t('oee.detail.availability', {
      run: f.duration(figures.runSeconds),
      planned: f.duration(figures.plannedSeconds),
    }),
    performance: f.t('oee.detail.performance', { cuts: f.count(figures.cuts) }),
    quality: f.t('oee.detail.quality', { good: f.count(good), measured: f.count(figures.measuredCuts) }),
  };
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId} mb="xs">
        {f.t('oee.headline')}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {FIGURES.map((figure) => {
          const value = figures[figure];
          return (
            <Paper
              key={figure}
              withBorder
              radius="md"
              p={{ base: 'sm', sm: 'md' }}
              data-testid={`oee-tile-${figure}`}
            >
              <Stack gap={4}>
                <Text size="sm" fw={600} c="dimmed">
                  {f.t(`oee.figures.${figure}`)}
                </Text>
                {value === null ? (
                  <Group gap={6} wrap="nowrap" align="center">
                    <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} c="dimmed" data-testid="oee-figure">
                      {f.t('oee.notMeasured')}
                    </Text>
                    <Tooltip label={f.t(`oee.why.${figure}`)} multiline maw={280} withinPortal>
                      <Box
                        component="span"
                        tabIndex={0}
                        aria-label={f.t(`oee.why.${figure}`)}
                        role="img"
                        style={{ display: 'inline-flex', color: 'var(--mantine-color-dimmed)' }}
                      >
                        <IconInfoCircle size={18} aria-hidden />
                      </Box>
                    </Tooltip>
                  </Group>
                ) : (
                  <Text
                    fz={{ base: 28, sm: 34 }}
                    fw={700}
                    lh={1.1}
                    c={figure === 'oee' ? 'steel.8' : undefined}
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                    data-testid="oee-figure"
                  >
                    {f.percent(value)}
                  </Text>
                )}
                {/* the reason shows on a touch screen too; a screen reader has it from the icon's name */}
                <Text size="xs" c="dimmed" aria-hidden={value === null ? true : undefined}>
                  {value === null ? f.t(`oee.why.${figure}`) : details[figure]}
                </Text>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}

function TrendCard({ days, total }: { days: OeeReport['days']; total: OeeFigures }) {
  const f = useReportFormat();
  // "22 Nov" needs about 4 rem: a phone shows every second or third day
  const wide = useWide('sm');
  const figureText = useFigureText();
  const title = f.t('oee.trend.title');
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(f.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    );
  const planned = days.filter((day) => day.figures.plannedSeconds > 0);
  return (
    <ChartCard
      title={title}
      isEmpty={planned.length === 0}
      emptyText={f.t('oee.trend.empty')}
      summary={f.t('oee.trend.summary', {
        days: f.count(planned.length),
        // a percentage after Latin "OEE" in an Arabic sentence stays whole ("59%", not "%59")
        oee: total.oee === null ? figureText(null) : `\u2066${f.percent(total.oee)}\u2069`,
      })}
      table={
        <ReportTable
          label={title}
          rowKey={(day) => day.date}
          rows={days}
          columns={[
            {
              key: 'date',
              title: f.t('oee.trend.day'),
              render: (day) => <LocalDateText date={day.date} weekday />,
            },
            ...FIGURES.map((figure) => ({
              key: figure,
              title: f.t(`oee.figures.${figure}`),
              numeric: true,
              render: (day: OeeReport['days'][number]) => (
                <FigureCell value={day.figures[figure]} figure={figure} />
              ),
            })),
          ]}
        />
      }
    >
      <LineChart
        label={title}
        maxLabels={wide ? 10 : 4}
        yLabel={f.t('oee.trend.axis')}
        formatValue={f.percent}
        labels={days.map((day) => ({ key: day.date, label: <LocalDateText date={day.date} /> }))}
        series={FIGURES.map((figure) => ({
          key: figure,
          label: f.t(`oee.figures.${figure}`),
          values: days.map((day) => day.figures[figure]),
          ...LINE_LOOK[figure],
        }))}
        tooltipOf={(index) => {
          const day = days[index];
          if (!day) return '';
          return `${dayLabel(day.date)}: ${FIGURES.map(
            (figure) => `${f.t(`oee.figures.${figure}`)} ${figureText(day.figures[figure])}`,
          ).join(' · ')}`;
        }}
      />
    </ChartCard>
  );
}

function LossesCard({ figures }: { figures: OeeFigures }) {
  const f = useReportFormat();
  const wide = useWide('xs');
  const title = f.t('oee.losses.title');
  const timeMax = Math.max(1, ...TIME_LOSSES.map((loss) => lossAmount(figures, loss)), figures.noDataSeconds);
  const rejectMax = Math.max(1, ...REJECT_LOSSES.map((loss) => lossAmount(figures, loss)));
  const largest = [...TIME_LOSSES].sort((a, b) => lossAmount(figures, b) - lossAmount(figures, a))[0]!;
  const hasLosses = OEE_LOSSES.some((loss) => lossAmount(figures, loss) > 0) || figures.noDataSeconds > 0;
  const rows: { key: string; loss: string; amount: number; time: boolean }[] = [
    ...TIME_LOSSES.map((loss) => ({
      key: loss,
      loss: f.t(`oee.losses.kinds.${loss}`),
      amount: lossAmount(figures, loss),
      time: true,
    })),
    ...(figures.noDataSeconds > 0
      ? [{ key: 'NO_DATA', loss: f.t('oee.losses.noData'), amount: figures.noDataSeconds, time: true }]
      : []),
    ...REJECT_LOSSES.map((loss) => ({
      key: loss,
      loss: f.t(`oee.losses.kinds.${loss}`),
      amount: lossAmount(figures, loss),
      time: false,
    })),
  ];
  const bar = (row: (typeof rows)[number]) => (
    <Box
      key={row.key}
      data-testid={`oee-loss-${row.key}`}
      style={{
        display: 'grid',
        // a phone: the bar under its name and amount, as wide as the card
        gridTemplateColumns: wide
          ? 'minmax(8rem, 14rem) minmax(0, 1fr) max-content'
          : 'minmax(0, 1fr) max-content',
        gridTemplateAreas: wide ? '"loss bar amount"' : '"loss amount" "bar bar"',
        alignItems: 'center',
        gap: wide ? 'var(--mantine-spacing-sm)' : '2px var(--mantine-spacing-sm)',
      }}
    >
      <Text size="sm" style={{ gridArea: 'loss' }}>
        {row.loss}
      </Text>
      <Tooltip
        label={`${row.loss}: ${row.time ? f.duration(row.amount) : f.count(row.amount)}`}
        withinPortal
        openDelay={50}
      >
        <Progress
          value={(row.amount / (row.time ? timeMax : rejectMax)) * 100}
          color={row.key === 'NO_DATA' ? 'gray.5' : row.time ? 'steel.7' : 'dark.4'}
          size="lg"
          radius="sm"
          aria-hidden
          style={{ gridArea: 'bar' }}
        />
      </Tooltip>
      <Text
        size="sm"
        ta="end"
        style={{ gridArea: 'amount', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {row.time ? <DurationText seconds={row.amount} /> : f.count(row.amount)}
      </Text>
    </Box>
  );
  return (
    <ChartCard
      title={title}
      isEmpty={!hasLosses}
      emptyText={f.t('oee.losses.none')}
      summary={
        lossAmount(figures, largest) > 0
          ? f.t('oee.losses.summary', {
              loss: f.t(`oee.losses.kinds.${largest}`),
              duration: f.duration(lossAmount(figures, largest)),
            })
          : undefined
      }
      table={
        <ReportTable
          label={title}
          rowKey={(row) => row.key}
          rows={rows}
          columns={[
            { key: 'loss', title: f.t('oee.losses.loss'), render: (row) => row.loss },
            {
              key: 'time',
              title: f.t('oee.losses.time'),
              numeric: true,
              render: (row) => (row.time ? <DurationText seconds={row.amount} /> : ''),
            },
            {
              key: 'rejects',
              title: f.t('oee.losses.rejects'),
              numeric: true,
              render: (row) => (row.time ? '' : f.count(row.amount)),
            },
          ]}
        />
      }
    >
      <Stack gap={6} role="img" aria-label={title} data-chart="losses">
        <Text size="xs" c="dimmed" fw={600}>
          {f.t('oee.losses.time')}
        </Text>
        {rows.filter((row) => row.time).map(bar)}
        <Text size="xs" c="dimmed" fw={600} mt={4}>
          {f.t('oee.losses.rejects')}
        </Text>
        {rows.filter((row) => !row.time).map(bar)}
      </Stack>
    </ChartCard>
  );
}

/** The four figure columns every OEE table has, sortable, "not measured" last. */
function figureColumns<T extends { figures: OeeFigures }>(t: TFunction): TableColumn<T>[] {
  return FIGURES.map((figure) => ({
    accessor: `figures.${figure}`,
    title: t(`oee.figures.${figure}`),
    sortable: true,
    numeric: true,
    priority: figure === 'oee' ? 'high' : 'low',
    render: (row: T) => <FigureCell value={row.figures[figure]} figure={figure} />,
  }));
}

function timeColumns<T extends { figures: OeeFigures }>(
  t: TFunction,
  from: MantineBreakpoint = 'lg',
): TableColumn<T>[] {
  return [
    {
      accessor: 'figures.plannedSeconds',
      title: t('oee.tables.planned'),
      sortable: true,
      numeric: true,
      visibleFrom: from,
      render: (row) => <DurationText seconds={row.figures.plannedSeconds} />,
    },
    {
      accessor: 'figures.runSeconds',
      title: t('oee.tables.run'),
      sortable: true,
      numeric: true,
      visibleFrom: from,
      render: (row) => <DurationText seconds={row.figures.runSeconds} />,
    },
  ];
}

function OeeTable<T extends { figures: OeeFigures }>({
  title,
  rows,
  idAccessor,
  columns,
  searchText,
  initialSort,
}: {
  title: string;
  rows: T[];
  idAccessor: keyof T & string;
  columns: TableColumn<T>[];
  searchText: (row: T) => string;
  initialSort: string;
}) {
  const f = useReportFormat();
  const titleId = useId();
  const table = useTableState(rows, f.locale, {
    initialSort: { columnAccessor: initialSort, direction: 'asc' },
    pageSize: 10,
    searchText,
  });
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId} mb="xs">
        {title}
      </Title>
      <DataTable<T>
        label={title}
        columns={columns}
        idAccessor={idAccessor}
        isLoading={false}
        empty={{ title: f.t('oee.tables.empty') }}
        {...table}
        search={undefined}
      />
    </Box>
  );
}

function MachinesTable({ rows }: { rows: MachineRow[] }) {
  const f = useReportFormat();
  const source = (value: IdealCutRateSource) => translateKey(f.t, `oee.sources.${value}`);
  const records = rows.map((row) => ({ ...row, id: row.machine.id }));
  return (
    <OeeTable
      title={f.t('oee.tables.machines')}
      rows={records}
      idAccessor="id"
      initialSort="machine.name"
      searchText={(row) => `${row.machine.name} ${row.machine.serialNumber}`}
      columns={[
        {
          accessor: 'machine.name',
          title: f.t('reports.columns.machine'),
          sortable: true,
          render: (row) => (
            <>
              <Text span size="sm" fw={500} translate="no" dir="auto" display="block">
                {row.machine.name}
              </Text>
              <Text span size="xs" c="dimmed" translate="no" dir="auto" display="block">
                {row.machine.locationName ?? f.t('oee.tables.noLocation')}
              </Text>
            </>
          ),
        },
        ...figureColumns<(typeof records)[number]>(f.t),
        {
          accessor: 'idealCutsPerHour',
          title: f.t('oee.tables.idealRate'),
          sortable: true,
          numeric: false,
          priority: 'low',
          render: (row) => (
            <>
              <Text
                span
                size="sm"
                display="block"
                style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {row.idealCutsPerHour === null ? (
                  <EmptyValue />
                ) : (
                  f.t('oee.tables.perHour', { rate: f.count(row.idealCutsPerHour) })
                )}
              </Text>
              <Text span size="xs" c="dimmed" display="block">
                {source(row.idealCutsPerHourSource)}
              </Text>
            </>
          ),
        },
        {
          accessor: 'figures.cuts',
          title: f.t('reports.columns.cuts'),
          sortable: true,
          numeric: true,
          visibleFrom: 'lg',
          render: (row) => f.count(row.figures.cuts),
        },
        // with the ideal rate beside them, the times fit only the widest screens
        ...timeColumns<(typeof records)[number]>(f.t, 'xl'),
      ]}
    />
  );
}

function LocationsTable({ rows }: { rows: LocationRow[] }) {
  const f = useReportFormat();
  const records = rows.map((row) => ({ ...row, id: row.locationId ?? 'none' }));
  return (
    <OeeTable
      title={f.t('oee.tables.locations')}
      rows={records}
      idAccessor="id"
      initialSort="locationName"
      searchText={(row) => row.locationName ?? ''}
      columns={[
        {
          accessor: 'locationName',
          title: f.t('oee.tables.location'),
          sortable: true,
          render: (row) => (
            <>
              <Text span size="sm" fw={500} translate="no" dir="auto" display="block">
                {row.locationName ?? f.t('oee.tables.noLocation')}
              </Text>
              {!row.hasCalendar && (
                <Text span size="xs" c="dimmed" display="block">
                  {f.t('oee.tables.noCalendar')}
                </Text>
              )}
            </>
          ),
        },
        ...figureColumns<(typeof records)[number]>(f.t),
        ...timeColumns<(typeof records)[number]>(f.t),
      ]}
    />
  );
}

function ShiftsTable({ rows }: { rows: OeeReport['shifts'] }) {
  const f = useReportFormat();
  const records: ShiftRow[] = rows.map((row) => ({ ...row, id: `${row.locationId ?? 'none'}/${row.shift}` }));
  return (
    <OeeTable
      title={f.t('oee.tables.shifts')}
      rows={records}
      idAccessor="id"
      initialSort="shift"
      searchText={(row) => `${row.shift} ${row.locationName ?? ''}`}
      columns={[
        {
          accessor: 'shift',
          title: f.t('oee.tables.shift'),
          sortable: true,
          render: (row) => (
            <>
              <Text span size="sm" fw={500} translate="no" dir="auto" display="block">
                {row.shift}
              </Text>
              <Text span size="xs" c="dimmed" translate="no" dir="auto" display="block">
                {row.locationName ?? f.t('oee.tables.noLocation')}
              </Text>
            </>
          ),
        },
        ...figureColumns<ShiftRow>(f.t),
        ...timeColumns<ShiftRow>(f.t),
      ]}
    />
  );
}
