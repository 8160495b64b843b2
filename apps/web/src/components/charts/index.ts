/** Light charts drawn with HTML and CSS (no chart library): timeline, bars with an optional line, stacked rows. */
export { type Bar, BarChart } from './bar-chart';
export {
  axisTicks,
  cumulativeShares,
  distinctTails,
  labelStep,
  niceMax,
  placeSpans,
  type TimeSpan,
} from './chart-data';
export { ChartLegend, type LegendItem } from './chart-legend';
export { chartColor } from './colors';
export { StackedBars, type StackedPart, type StackedRow } from './stacked-bars';
export { TimelineChart, type TimelineSegment } from './timeline-chart';
