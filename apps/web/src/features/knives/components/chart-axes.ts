/**
 * Value axes of the Mantine (Recharts) charts on either side. Mantine places an axis title inside
 * the left axis and pushes its ticks to the left whatever side the axis is on, so in a right-to-left
 * page (axes swapped, docs/design.md "Charts") the titles would sit on the tick labels. These give an axis
 * on `side` its ticks and title placed for that side; in Arabic the caller passes the titles here
 * instead of `yAxisLabel`/`rightYAxisLabel`.
 */
export type AxisSide = 'left' | 'right';

export function axisTick(side: AxisSide) {
  return {
    transform: side === 'left' ? 'translate(-10, 0)' : 'translate(10, 0)',
    fontSize: 12,
    fill: 'currentColor',
  };
}

export function axisTitle(value: string, side: AxisSide) {
  return {
    value,
    angle: side === 'left' ? -90 : 90,
    position: side === 'left' ? ('insideLeft' as const) : ('insideRight' as const),
    textAnchor: 'middle' as const,
    fontSize: 12,
    offset: -5,
    fill: 'var(--mantine-color-dimmed)',
  };
}

/** Room for the titles of both value axes and the category axis below. */
export const AXIS_TITLE_MARGIN = { bottom: 30, left: 10, right: 10 };
