export { AgeText, DateText, DurationText, TimeText } from './date-text';
