/**
 * Dates as the API writes them. Timestamps come back from node-postgres and PGlite as Date, and as
 * text from raw queries that select them so: both are accepted.
 */

/** A timestamp in ISO 8601 with milliseconds, UTC: `2026-03-01T08:30:00.000Z`. */
export function iso(value: Date | string | number): string {
  return new Date(value).toISOString();
}

/** `iso`, and null for null or undefined. */
export function isoOrNull(value: Date | string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/** The calendar day of a timestamp in UTC, as ISO 8601: `2026-03-01`. */
export function isoDay(value: Date | string | number): string {
  return iso(value).slice(0, 10);
}
