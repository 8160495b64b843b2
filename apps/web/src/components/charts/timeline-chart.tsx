import { Box, Tooltip } from '@mantine/core';
import clsx from 'clsx';
import { placeSpans } from './chart-data';
import classes from './charts.module.css';
import { chartColor } from './colors';

export interface TimelineSegment {
  key: string;
  from: string;
  to: string;
  /** Mantine colour token, e.g. `green.8` */
  color: string;
  /** offline / no data: hatched with a dashed edge */
  dashed?: boolean;
  /** what the tooltip says: status and times */
  tooltip: string;
}

/**
 * A horizontal timeline of coloured stretches (docs/design.md "uptime as a horizontal timeline of status
 * colours"): time runs with the reading direction, so it mirrors in Arabic. The picture is hidden
 * from screen readers; the caller gives the same data as text (`label` summary and a table).
 */
export function TimelineChart({
  from,
  to,
  segments,
  marks = [],
  height = 32,
  label,
}: {
  from: string;
  to: string;
  segments: TimelineSegment[];
  marks?: { position: number; label: string }[];
  height?: number;
  label: string;
}) {
  const placed = placeSpans(segments, from, to);
  return (
    <Box role="img" aria-label={label} data-chart="timeline">
      <div className={classes.timeline} style={{ height }}>
        {segments.map((segment, index) => {
          const place = placed[index];
          if (!place || place.width <= 0) return null;
          return (
            <Tooltip key={segment.key} label={segment.tooltip} withinPortal openDelay={50}>
              <div
                className={clsx(classes.segment, segment.dashed && classes.dashed)}
                data-segment
                style={{
                  insetInlineStart: `${place.offset * 100}%`,
                  width: `${place.width * 100}%`,
                  backgroundColor: chartColor(segment.color),
                }}
              />
            </Tooltip>
          );
        })}
      </div>
      {marks.length > 0 && (
        <div className={classes.marks} aria-hidden>
          {marks.map((mark) => (
            <span
              key={mark.label + mark.position}
              className={clsx(classes.mark, mark.position < 0.02 && classes.markEdgeStart)}
              style={{ insetInlineStart: `${mark.position * 100}%` }}
            >
              {mark.label}
            </span>
          ))}
        </div>
      )}
    </Box>
  );
}
