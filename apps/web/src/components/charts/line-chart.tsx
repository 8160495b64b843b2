import { Box, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './charts.module.css';
import { chartColor } from './colors';

export interface LineSeries {
  key: string;
  label: string;
  /** Mantine colour token */
  color: string;
  /** one value per x label, in the axis' unit; null: not known there (the line breaks) */
  values: (number | null)[];
  /** SVG stroke dashes, so that the lines differ without colour too ("6 4", "2 3") */
  dash?: string;
  /** the main line: drawn thicker */
  strong?: boolean;
}

/** The ticks of a share axis: 0 to 100 %. */
const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];

/** Runs of consecutive known values, as SVG points (x the slot centre, y from the top, in 0–100). */
function runsOf(values: (number | null)[], max: number): string[] {
  const runs: string[][] = [];
  let current: string[] = [];
  values.forEach((value, index) => {
    if (value === null) {
      if (current.length > 0) runs.push(current);
      current = [];
      return;
    }
    const x = ((index + 0.5) / values.length) * 100;
    const y = (1 - Math.min(value, max) / max) * 100;
    current.push(`${x},${y}`);
  });
  if (current.length > 0) runs.push(current);
  // a single known value between gaps still shows: a short flat stroke across its slot
  return runs.map((points) => {
    if (points.length > 1) return points.join(' ');
    const [x, y] = points[0]!.split(',').map(Number) as [number, number];
    const half = 50 / values.length / 2;
    return `${x - half},${y} ${x + half},${y}`;
  });
}

/**
 * Lines over time on a share axis (0–100 %): the OEE trend and its three factors per day. Time runs
 * with the reading direction, so it mirrors in Arabic; each line has its own dash as well as its
 * colour, named in a legend; a hover over a day gives every value of that day. The picture is
 * hidden from screen readers: the caller shows the same numbers as a table.
 */
export function LineChart({
  series,
  labels,
  label,
  yLabel,
  formatValue,
  tooltipOf,
  height = 200,
  maxLabels = 8,
}: {
  series: LineSeries[];
  /** the x labels (days: a `<time>`, so that a date is never taken for text to translate), one per value */
  labels: { key: string; label: ReactNode }[];
  label: string;
  /** the axis title with its unit */
  yLabel: string;
  /** a value of the axis (a share) in the user's locale */
  formatValue: (value: number) => string;
  /** what the hover over one x says */
  tooltipOf: (index: number) => string;
  height?: number;
  maxLabels?: number;
}) {
  const max = 1;
  const step = Math.max(1, Math.ceil(labels.length / Math.max(1, maxLabels)));
  return (
    <Box role="img" aria-label={label} data-chart="lines">
      <div className={classes.chartHead}>
        <Text size="xs" c="dimmed">
          {yLabel}
        </Text>
        <Box
          component="ul"
          aria-hidden
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: '4px 16px',
            listStyle: 'none',
            margin: 0,
            padding: 0,
          }}
        >
          {series.map((line) => (
            <Text key={line.key} component="li" size="xs" className={classes.lineKey}>
              <svg width="24" height="8" aria-hidden style={{ flexShrink: 0 }}>
                <line
                  x1="0"
                  y1="4"
                  x2="24"
                  y2="4"
                  stroke={chartColor(line.color)}
                  strokeWidth={line.strong ? 3 : 2}
                  strokeDasharray={line.dash}
                />
              </svg>
              {line.label}
            </Text>
          ))}
        </Box>
      </div>
      <div className={classes.barChart}>
        <div className={classes.yAxis} style={{ height }} aria-hidden>
          {SHARE_TICKS.map((tick) => (
            <span key={tick} className={classes.yTick} style={{ bottom: `${(tick / max) * 100}%` }}>
              {formatValue(tick)}
            </span>
          ))}
        </div>
        <div className={classes.plot} style={{ height }}>
          {SHARE_TICKS.slice(1).map((tick) => (
            <div key={tick} className={classes.gridLine} style={{ bottom: `${(tick / max) * 100}%` }} />
          ))}
          <svg className={classes.line} viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden>
            {series.flatMap((line) =>
              runsOf(line.values, max).map((points, index) => (
                <polyline
                  // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one line, in order
                  key={`${line.key}-${index}`}
                  data-series={line.key}
                  points={points}
                  fill="none"
                  stroke={chartColor(line.color)}
                  strokeWidth={line.strong ? 3 : 2}
                  strokeDasharray={line.dash}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              )),
            )}
          </svg>
          <div className={classes.bars}>
            {labels.map((x, index) => (
              <div key={x.key} className={classes.barSlot} data-slot>
                <Tooltip label={tooltipOf(index)} withinPortal openDelay={50} multiline maw={280}>
                  <div style={{ width: '100%', height: '100%' }} />
                </Tooltip>
              </div>
            ))}
          </div>
        </div>
        <div className={classes.xLabels} aria-hidden>
          {labels.map((x, index) => (
            <span key={x.key} className={classes.xLabel}>
              {index % step === 0 ? x.label : ''}
            </span>
          ))}
        </div>
      </div>
    </Box>
  );
}
