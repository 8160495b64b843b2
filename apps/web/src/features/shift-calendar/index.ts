/** A location's shift calendar (issue 36): the admin's editor and the planned production time per machine and day. */
export { PlannedTimeTable } from './components/planned-time-table';
export { ShiftCalendarEditor } from './components/shift-calendar-editor';
