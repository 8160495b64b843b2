import { Box, Tooltip } from '@mantine/core';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import classes from './charts.module.css';
import { chartColor } from './colors';

interface StackedPart {
  key: string;
  value: number;
  color: string;
  dashed?: boolean;
  tooltip: string;
}

export interface StackedRow {
  key: string;
  label: ReactNode;
  parts: StackedPart[];
}

/**
 * One horizontal bar per row (a machine, an employee), split into its parts (time per status
 * group), each row as long as its whole: a share picture. Hidden from screen readers; the caller
 * gives the numbers as a table.
 */
export function StackedBars({ rows, label }: { rows: StackedRow[]; label: string }) {
  return (
    <Box className={classes.rows} role="img" aria-label={label} data-chart="stacked">
      {rows.map((row) => {
        const total = row.parts.reduce((sum, part) => sum + part.value, 0);
        return (
          <Box key={row.key} display="contents">
            <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.label}
            </Box>
            <div className={classes.rowBar}>
              {total > 0 &&
                row.parts.map((part) =>
                  part.value > 0 ? (
                    <Tooltip key={part.key} label={part.tooltip} withinPortal openDelay={50}>
                      <div
                        className={clsx(classes.part, part.dashed && classes.dashed)}
                        data-part
                        style={{
                          width: `${(part.value / total) * 100}%`,
                          backgroundColor: chartColor(part.color),
                        }}
                      />
                    </Tooltip>
                  ) : null,
                )}
            </div>
          </Box>
        );
      })}
    </Box>
  );
}
