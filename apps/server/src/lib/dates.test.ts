import { describe, expect, it } from 'vitest';
import { iso, isoDay, isoOrNull } from './dates';

describe('ISO dates', () => {
  const instant = new Date('2026-03-01T23:30:00+01:00');

  it('writes a Date, a timestamp text or epoch milliseconds the same way, in UTC', () => {
    expect(iso(instant)).toBe('2026-03-01T22:30:00.000Z');
    expect(iso('2026-03-01 22:30:00+00')).toBe('2026-03-01T22:30:00.000Z');
    expect(iso(instant.getTime())).toBe('2026-03-01T22:30:00.000Z');
  });

  it('keeps null and undefined as null', () => {
    expect(isoOrNull(null)).toBeNull();
    expect(isoOrNull(undefined)).toBeNull();
    expect(isoOrNull(instant)).toBe('2026-03-01T22:30:00.000Z');
  });

  it('gives the UTC calendar day', () => {
    expect(isoDay(instant)).toBe('2026-03-01');
    expect(isoDay(new Date('2026-03-01T00:30:00+01:00'))).toBe('2026-02-28');
  });
});
