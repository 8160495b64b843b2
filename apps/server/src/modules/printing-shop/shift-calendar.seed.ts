import { defaultTimeZoneOf, type Holiday, type Shift } from '@kerf/contracts';
import type { Tx } from '../../db/transactions';
import { findDemoLocations } from './demo.repository';
import { insertShiftCalendarEntries, upsertShiftCalendar } from './shift-calendar.repository';

/** The shifts' names in the language of the location's country (as the holidays below). */
const SHIFT_NAMES: Record<string, { early: string; late: string; saturday: string }> = {
  DE: { early: 'Frühschicht', late: 'Spätschicht', saturday: 'Samstagsschicht' },
  AT: { early: 'Frühschicht', late: 'Spätschicht', saturday: 'Samstagsschicht' },
  NL: { early: 'Vroege dienst', late: 'Late dienst', saturday: 'Zaterdagdienst' },
};
const ENGLISH_NAMES = { early: 'Early shift', late: 'Late shift', saturday: 'Saturday shift' };

/** Monday to Friday: an early and a late shift, each with a 30-minute break (issue 36). */
const weekdayShifts = (names: typeof ENGLISH_NAMES): Shift[] =>
  [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, name: names.early, start: '06:00', end: '14:00', breaks: [{ start: '10:00', minutes: 30 }] },
    { weekday, name: names.late, start: '14:00', end: '22:00', breaks: [{ start: '18:00', minutes: 30 }] },
  ]);

/** The demo location that also works Saturday mornings. */
const SATURDAY_SHIFT_AT = 'Werk Nord';
const saturdayShift = (names: typeof ENGLISH_NAMES): Shift => ({
  weekday: 6,
  name: names.saturday,
  start: '06:00',
  end: '12:00',
  breaks: [],
});

/** Public holidays (and the days the shops close anyway) by the location's country. */
const HOLIDAYS: Record<string, Holiday[]> = {
  DE: [
    { date: '2026-10-03', name: 'Tag der Deutschen Einheit' },
    { date: '2026-12-24', name: 'Heiligabend' },
    { date: '2026-12-25', name: '1. Weihnachtstag' },
    { date: '2026-12-26', name: '2. Weihnachtstag' },
    { date: '2027-01-01', name: 'Neujahr' },
  ],
  AT: [
    { date: '2026-12-08', name: 'Mariä Empfängnis' },
    { date: '2026-12-24', name: 'Heiliger Abend' },
    { date: '2026-12-25', name: 'Christtag' },
    { date: '2026-12-26', name: 'Stefanitag' },
    { date: '2027-01-01', name: 'Neujahr' },
    { date: '2027-01-06', name: 'Heilige Drei Könige' },
  ],
  NL: [
    { date: '2026-12-25', name: 'Eerste Kerstdag' },
    { date: '2026-12-26', name: 'Tweede Kerstdag' },
    { date: '2027-01-01', name: 'Nieuwjaarsdag' },
    { date: '2027-04-27', name: 'Koningsdag' },
  ],
};

/**
 * Demo: every location of a demo printing shop gets a shift calendar in the zone of its country
 * (Europe/Berlin, Europe/Vienna, Europe/Amsterdam): two shifts Monday to Friday, Werk Nord also a
 * Saturday shift, and the country's holidays around the turn of the year.
 */
export async function seedDemoShiftCalendars(tx: Tx, tenantId: string): Promise<void> {
  for (const location of await findDemoLocations(tx)) {
    const names = SHIFT_NAMES[location.country ?? ''] ?? ENGLISH_NAMES;
    const shifts =
      location.name === SATURDAY_SHIFT_AT
        ? [...weekdayShifts(names), saturdayShift(names)]
        : weekdayShifts(names);
    await upsertShiftCalendar(tx, tenantId, location.id, {
      timeZone: defaultTimeZoneOf(location.country),
      updatedBy: null,
    });
    await insertShiftCalendarEntries(tx, tenantId, location.id, {
      shifts,
      holidays: HOLIDAYS[location.country ?? ''] ?? [],
    });
  }
}
