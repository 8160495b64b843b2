import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDuration,
  formatDurationWords,
  formatHours,
  formatMoney,
  formatTime,
  formatWait,
} from './format';

describe('formatDuration', () => {
  it('shows days, hours and minutes as DD:HH:MM', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59)).toBe('00:00:00');
    expect(formatDuration(3 * 60)).toBe('00:00:03');
    expect(formatDuration(26 * 3600 + 5 * 60)).toBe('01:02:05');
    expect(formatDuration(120 * 86400)).toBe('120:00:00');
    expect(formatDuration(-10)).toBe('00:00:00');
  });
});

describe('formatDurationWords', () => {
  it("names the units, at most the two largest, in the user's language", () => {
    expect(formatDurationWords(7 * 3600 + 10 * 60 + 59, 'en')).toBe('7 hr 10 min');
    expect(formatDurationWords(2 * 86400 + 3 * 3600 + 4 * 60, 'en')).toBe('2 days 3 hr');
    expect(formatDurationWords(82, 'en')).toBe('1 min');
    expect(formatDurationWords(3600, 'en')).toBe('1 hr');
    expect(formatDurationWords(45, 'en')).toBe('45 sec');
    expect(formatDurationWords(-10, 'en')).toBe('0 sec');
    expect(formatDurationWords(7 * 3600 + 10 * 60, 'de')).toBe('7 Std., 10 Min.');
    expect(formatDurationWords(7 * 3600 + 10 * 60, 'fr')).toBe('7\u202fh 10\u00a0min');
    expect(formatDurationWords(7 * 3600 + 10 * 60, 'ar')).toBe('7 س و10 د');
  });
});

describe('formatTime', () => {
  it('shows hh:mm in 24-hour form in the given zone', () => {
    expect(formatTime('2026-03-29T05:07:00Z', 'UTC')).toBe('05:07');
    expect(formatTime('2026-03-29T22:30:00Z', 'Europe/Berlin')).toBe('00:30');
    expect(formatTime('2026-03-29T12:00:00Z', 'Asia/Dubai')).toBe('16:00');
  });
});

describe('formatDate and formatMoney', () => {
  it('follow the locale', () => {
    expect(formatDate('2026-03-29T12:00:00Z', 'de', 'UTC')).toBe('29.03.2026');
    expect(formatMoney(25, 'EUR', 'en')).toBe('25.00 EUR');
    expect(formatMoney(1234.5, 'EUR', 'de')).toBe('1.234,50 EUR');
  });
});

describe('formatWait', () => {
  it('uses seconds below a minute and whole minutes above', () => {
    expect(formatWait(45, 'en')).toBe('45 seconds');
    expect(formatWait(61, 'en')).toBe('2 minutes');
    expect(formatWait(300, 'de')).toBe('5 Minuten');
  });
});

describe('formatHours', () => {
  it('writes hours in the language, to two decimals at most', () => {
    expect(formatHours(15 * 3600, 'en')).toBe('15 hr');
    expect(formatHours(7.5 * 3600, 'en')).toBe('7.5 hr');
    expect(formatHours(7.5 * 3600, 'de')).toBe('7,5 Std.');
    expect(formatHours(20 * 60, 'en')).toBe('0.33 hr');
    expect(formatHours(-5, 'en')).toBe('0 hr');
  });
});
