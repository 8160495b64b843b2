export { DateText, DurationText, TimeText } from './date-text';
