/** Light charts drawn with HTML and CSS (no chart library): timeline, bars with an optional line, lines on a share axis, stacked rows. */
export { BarChart } from './bar-chart';
export { distinctTails } from './chart-data';
export { ChartLegend } from './chart-legend';
export { LineChart } from './line-chart';

export { StackedBars } from './stacked-bars';
export { TimelineChart } from './timeline-chart';
