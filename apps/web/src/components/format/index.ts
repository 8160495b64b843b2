export { AgeText, DateText, DurationText, HoursText, LocalDateText, TimeText } from './date-text';
