import '@mantine/charts/styles.css';
import type { GrindingCycle } from '@kerf/contracts';
import { CompositeChart } from '@mantine/charts';
import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState } from '../../../components/feedback';
import { formatDate, formatNumber } from '../../../lib/format';
import { directionOf, type Locale } from '../../../lib/i18n';
import { AXIS_TITLE_MARGIN, axisTick, axisTitle } from './chart-axes';

/**
 * Knife service life (docs/design.md "Charts"): the cuts of each grinding cycle as bars, the height after
 * each grinding as a line on its own axis; exact values in the tooltip. The same data is the cycles
 * table beside it.
 */
export function KnifeCyclesChart({
  cycles,
  isLoading,
  error,
}: {
  cycles: GrindingCycle[] | undefined;
  isLoading: boolean;
  error: unknown;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // charts mirror in Arabic (docs/design.md): the cycles run from the right
  const isRtl = directionOf(locale as Locale) === 'rtl';
  const cutsLabel = t('knives.chart.cuts');
  const heightLabel = t('knives.chart.height');
  const heightAxisLabel = t('knives.chart.heightAxis');
  const data = (cycles ?? []).map((cycle, index) => ({
    cycle: `${index + 1}`,
    date: formatDate(cycle.sharpenedAt, locale),
    cuts: cycle.cutsInCycle,
    height: cycle.height,
  }));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('knives.chart.title')}
      </Title>
      {error ? (
        <ErrorAlert error={error} />
      ) : isLoading ? (
        <Skeleton height={260} />
      ) : data.length === 0 ? (
        <EmptyState title={t('knives.cycles.empty')} />
      ) : (
        <>
          <CompositeChart
            h={280}
            data={data}
            dataKey="cycle"
            withLegend
            withRightYAxis
            xAxisLabel={t('knives.chart.cycle')}
            yAxisLabel={isRtl ? undefined : cutsLabel}
            rightYAxisLabel={isRtl ? undefined : heightAxisLabel}
            composedChartProps={isRtl ? { margin: AXIS_TITLE_MARGIN } : undefined}
            valueFormatter={(value) => formatNumber(value, locale, 2)}
            series={[
              { name: 'cuts', label: cutsLabel, color: 'blue.6', type: 'bar' },
              { name: 'height', label: heightLabel, color: 'orange.7', type: 'line', yAxisId: 'right' },
            ]}
            xAxisProps={{ reversed: isRtl }}
            yAxisProps={{
              orientation: isRtl ? 'right' : 'left',
              tickFormatter: (value: number) => formatNumber(value, locale),
              ...(isRtl ? { tick: axisTick('right'), label: axisTitle(cutsLabel, 'right') } : {}),
            }}
            rightYAxisProps={{
              orientation: isRtl ? 'left' : 'right',
              domain: ['auto', 'auto'],
              tickFormatter: (value: number) => formatNumber(value, locale),
              ...(isRtl ? { tick: axisTick('left'), label: axisTitle(heightAxisLabel, 'left') } : {}),
            }}
          />
          <Text size="xs" c="dimmed" mt="xs">
            {t('knives.chart.caption')}
          </Text>
        </>
      )}
    </Paper>
  );
}
