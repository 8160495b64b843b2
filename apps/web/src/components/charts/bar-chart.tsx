import { Box, Text, Tooltip } from '@mantine/core';
import clsx from 'clsx';
import { axisTicks, labelStep, niceMax } from './chart-data';
import classes from './charts.module.css';
import { chartColor } from './colors';

export interface Bar {
  key: string;
  /** the label under the bar (hour, day, reason, knife) */
  label: string;
  value: number;
  /** Mantine colour token */
  color: string;
  dashed?: boolean;
  /** exact value in words, shown on hover */
  tooltip: string;
}

/** The ticks of the share axis of a line (the Pareto's cumulative share). */
const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * Vertical bars with a labelled value axis (cuts per hour, interruptions by reason, cuts per
 * grinding cycle), optionally with a line over them as shares of the axis top (the Pareto's
 * cumulative share, a knife's height per cycle). The picture is hidden from screen readers: the
 * caller shows the same numbers as a table.
 */
export function BarChart({
  bars,
  label,
  yLabel,
  formatValue,
  height = 180,
  maxLabels = 8,
  slantLabels = false,
  userLabels = false,
  line,
}: {
  bars: Bar[];
  label: string;
  /** the axis title with its unit, e.g. "Cuts" */
  yLabel: string;
  formatValue: (value: number) => string;
  height?: number;
  maxLabels?: number;
  /** long labels (names, reasons) stand upright instead of side by side */
  slantLabels?: boolean;
  /** the labels are user data (names, RFIDs): never machine-translated */
  userLabels?: boolean;
  /**
   * values 0–1 of the plot height, one per bar, drawn as a line through the bar centres; named in a
   * legend and read on a second axis at the end side (0–100 %, with `formatShare`)
   */
  line?: { values: number[]; color: string; label: string; formatShare?: (share: number) => string };
}) {
  const max = niceMax(Math.max(0, ...bars.map((bar) => bar.value)));
  const ticks = axisTicks(max);
  const step = labelStep(bars.length, maxLabels);
  const points =
    line && bars.length > 0
      ? line.values
          .map((value, index) => `${((index + 0.5) / bars.length) * 100},${(1 - value) * 100}`)
          .join(' ')
      : '';

  return (
    <Box role="img" aria-label={label} data-chart="bars">
      <div className={classes.chartHead}>
        <Text size="xs" c="dimmed">
          {yLabel}
        </Text>
        {line && (
          <Text size="xs" c="dimmed" className={classes.lineKey} aria-hidden>
            <span className={classes.lineSwatch} style={{ backgroundColor: chartColor(line.color) }} />
            {line.label}
          </Text>
        )}
      </div>
      <div className={clsx(classes.barChart, line?.formatShare && classes.withShareAxis)}>
        <div className={classes.yAxis} style={{ height }} aria-hidden>
          {ticks.map((tick) => (
            <span key={tick} className={classes.yTick} style={{ bottom: `${(tick / max) * 100}%` }}>
              {formatValue(tick)}
            </span>
          ))}
        </div>
        <div className={classes.plot} style={{ height }}>
          {ticks.slice(1).map((tick) => (
            <div key={tick} className={classes.gridLine} style={{ bottom: `${(tick / max) * 100}%` }} />
          ))}
          <div className={classes.bars}>
            {bars.map((bar) => (
              <div key={bar.key} className={classes.barSlot}>
                <Tooltip label={bar.tooltip} withinPortal openDelay={50}>
                  <div
                    className={clsx(classes.bar, bar.dashed && classes.dashed)}
                    data-bar
                    style={{ height: `${(bar.value / max) * 100}%`, backgroundColor: chartColor(bar.color) }}
                  />
                </Tooltip>
              </div>
            ))}
          </div>
          {line && points && (
            <svg className={classes.line} viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden>
              <polyline
                points={points}
                fill="none"
                stroke={chartColor(line.color)}
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
              />
            </svg>
          )}
        </div>
        {line?.formatShare && (
          <div className={clsx(classes.yAxis, classes.shareAxis)} style={{ height }} aria-hidden>
            {SHARE_TICKS.map((share) => (
              <span key={share} className={classes.yTick} style={{ bottom: `${share * 100}%` }}>
                {line.formatShare?.(share)}
              </span>
            ))}
          </div>
        )}
        <div
          className={clsx(
            classes.xLabels,
            slantLabels && (bars.length > 8 ? classes.xLabelsSlanted : classes.xLabelsWrap),
          )}
          aria-hidden
        >
          {bars.map((bar, index) => (
            <span
              key={bar.key}
              className={classes.xLabel}
              title={slantLabels && bars.length > 8 ? bar.label : undefined}
              translate={userLabels ? 'no' : undefined}
              dir={userLabels ? 'auto' : undefined}
            >
              {index % step === 0 ? bar.label : ''}
            </span>
          ))}
        </div>
      </div>
    </Box>
  );
}
