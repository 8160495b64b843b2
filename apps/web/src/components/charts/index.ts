/** Light charts drawn with HTML and CSS (no chart library): timeline, bars with an optional line, stacked rows. */
export { BarChart } from './bar-chart';
export { distinctTails } from './chart-data';
export { ChartLegend } from './chart-legend';

export { StackedBars } from './stacked-bars';
export { TimelineChart } from './timeline-chart';
