import '@mantine/charts/styles.css';
import type { GrindingCycle, KnifeDetails } from '@kerf/contracts';
import { LineChart } from '@mantine/charts';
import { Anchor, Paper, ScrollArea, Skeleton, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyValue } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/errors';
import { DateText } from '../../../components/format';
import { SwapUrgencyBadge } from '../../../components/status';
import { formatNumber } from '../../../lib/format';
import { directionOf, type Locale } from '../../../lib/i18n';
import { useGrindingCyclesList } from '../api/grinding-cycles';
import { useKnifeDetailsList } from '../api/knives';
import { AXIS_TITLE_MARGIN, axisTick, axisTitle } from './chart-axes';
import { KnifeStateBadge } from './knife-badges';
import { knifeDetailsPath } from './knife-table';

const SERIES_COLORS = ['blue.7', 'orange.7', 'teal.7', 'grape.7', 'red.7'];

/**
 * The labels stay in view while the knives scroll sideways (five knives side by side do not fit a
 * phone); an opaque background so the values pass under them.
 */
const STICKY_LABEL = {
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
} as const;

/** Up to five knives side by side (product.md §2 "knife comparison"): one column per knife, and their service life. */
export function KnifeComparison({ rfids }: { rfids: string[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // charts mirror in Arabic (docs/design.md): the cycles run from the right
  const isRtl = directionOf(locale as Locale) === 'rtl';
  const details = useKnifeDetailsList(rfids);
  const cycles = useGrindingCyclesList(rfids);
  const error = details.find((query) => query.error)?.error;
  if (error) return <ErrorAlert error={error} />;
  if (details.some((query) => !query.data)) return <Skeleton height={400} />;
  const knives = details.map((query) => query.data!) as KnifeDetails[];

  const num = (value: number | null, digits?: number) =>
    value === null ? <EmptyValue /> : formatNumber(value, locale, digits);
  const mm = (value: number | null) =>
    value === null ? <EmptyValue /> : t('common.mm', { value: formatNumber(value, locale, 2) });
  const deg = (value: number | null) =>
    value === null ? <EmptyValue /> : t('knives.degrees', { value: formatNumber(value, locale, 1) });
  const text = (value: string | null) =>
    value ? (
      <Text span size="sm" translate="no" dir="auto">
        {value}
      </Text>
    ) : (
      <EmptyValue />
    );
  const rows: [string, (knife: KnifeDetails) => ReactNode][] = [
    [t('knives.fields.articleNumber'), (k) => text(k.articleNumber)],
    [t('knives.fields.knifeClassName'), (k) => text(k.knifeClassName)],
    [t('knives.fields.state'), (k) => <KnifeStateBadge state={k.state} />],
    [t('knives.fields.swapUrgency'), (k) => <SwapUrgencyBadge urgency={k.swapUrgency} />],
    [t('knives.fields.angleVf'), (k) => deg(k.angleVf)],
    [t('knives.fields.angleHf'), (k) => deg(k.angleHf)],
    [t('knives.fields.angleTm'), (k) => deg(k.angleTm)],
    [t('knives.fields.height'), (k) => mm(k.height)],
    [t('knives.fields.originalHeight'), (k) => mm(k.originalHeight)],
    [t('knives.fields.backThickness'), (k) => mm(k.backThickness)],
    [t('knives.fields.carrierMaterial'), (k) => text(k.carrierMaterial)],
    [t('knives.fields.material'), (k) => text(k.material)],
    [t('knives.fields.rotation'), (k) => num(k.rotation)],
    [t('knives.fields.cutsSinceLastGrinding'), (k) => num(k.cutsSinceLastGrinding)],
    [t('knives.fields.totalCuts'), (k) => num(k.totalCuts)],
    [t('knives.fields.averageCutsPerCycle'), (k) => num(k.averageCutsPerCycle)],
    [t('knives.fields.swapInterval'), (k) => num(k.effectiveSwapInterval)],
    [t('knives.fields.latestScanLocation'), (k) => text(k.latestScan.locationName)],
    [
      t('knives.fields.latestScanAt'),
      (k) => (k.latestScan.at ? <DateText value={k.latestScan.at} withTime /> : <EmptyValue />),
    ],
  ];

  // Height after each grinding, cycle by cycle (1 = the oldest recorded), one line per knife.
  const cycleLists = cycles.map((query) => query.data ?? ([] as GrindingCycle[]));
  const longest = Math.max(0, ...cycleLists.map((list) => list.length));
  const chartData = Array.from({ length: longest }, (_, index) => ({
    cycle: `${index + 1}`,
    ...Object.fromEntries(knives.map((knife, k) => [knife.rfid, cycleLists[k]?.[index]?.height ?? null])),
  }));

  return (
    <>
      <Paper withBorder radius="md" p={0}>
        <ScrollArea type="auto">
          <Table
            striped
            withColumnBorders
            verticalSpacing="xs"
            miw={480}
            aria-label={t('knives.compare.tableLabel')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" style={STICKY_LABEL}>
                  {t('knives.fields.rfid')}
                </Table.Th>
                {knives.map((knife) => (
                  <Table.Th key={knife.rfid} scope="col">
                    <Anchor
                      component={Link}
                      to={knifeDetailsPath(knife.rfid)}
                      size="sm"
                      ff="monospace"
                      dir="ltr"
                      translate="no"
                    >
                      {knife.rfid}
                    </Anchor>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" fw={500} style={STICKY_LABEL}>
                    {label}
                  </Table.Th>
                  {knives.map((knife) => (
                    <Table.Td key={knife.rfid} data-tabular>
                      {value(knife)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('knives.compare.chartTitle')}
        </Title>
        {chartData.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('knives.cycles.empty')}
          </Text>
        ) : (
          <LineChart
            h={300}
            data={chartData}
            dataKey="cycle"
            withLegend
            connectNulls
            xAxisLabel={t('knives.chart.cycle')}
            yAxisLabel={isRtl ? undefined : t('knives.chart.heightAxis')}
            lineChartProps={isRtl ? { margin: AXIS_TITLE_MARGIN } : undefined}
            valueFormatter={(value) => formatNumber(value, locale, 2)}
            xAxisProps={{ reversed: isRtl }}
            yAxisProps={{
              orientation: isRtl ? 'right' : 'left',
              domain: ['auto', 'auto'],
              tickFormatter: (value: number) => formatNumber(value, locale),
              ...(isRtl
                ? { tick: axisTick('right'), label: axisTitle(t('knives.chart.heightAxis'), 'right') }
                : {}),
            }}
            series={knives.map((knife, index) => ({
              name: knife.rfid,
              color: SERIES_COLORS[index % SERIES_COLORS.length]!,
            }))}
          />
        )}
      </Paper>
    </>
  );
}
