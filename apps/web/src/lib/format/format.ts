/**
 * Numbers and time as docs/design.md wants them: durations in words on screens and DD:HH:MM in CSV
 * exports, times hh:mm (24 h), dates in the user's locale, all in the browser's time zone unless
 * one is given.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** 93784 s → "01:02:03" (days:hours:minutes); negative durations count as zero, seconds are dropped. */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(Math.max(0, totalSeconds) / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return `${pad(days)}:${pad(hours)}:${pad(minutes % 60)}`;
}

/**
 * A duration for the screen, in words of the user's language with at most its two largest units:
 * "7 hr 10 min", "2 days 3 hr", "45 sec" (German "7 Std., 10 Min.", Arabic "7 س و10 د"). DD:HH:MM
 * without units read as minutes:seconds to most people (issue 33); it stays in CSV exports
 * (`formatDuration`), as the spec sets it for them. Negative durations count as zero.
 */
export function formatDurationWords(totalSeconds: number, locale: string): string {
  const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const seconds = Math.floor(Math.max(0, totalSeconds));
  if (seconds < 60) return unit(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts =
    days > 0
      ? [unit(days, 'day'), ...(hours > 0 ? [unit(hours, 'hour')] : [])]
      : hours > 0
        ? [unit(hours, 'hour'), ...(minutes % 60 > 0 ? [unit(minutes % 60, 'minute')] : [])]
        : [unit(minutes, 'minute')];
  return new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format(parts);
}

/**
 * Hours in the user's language, to two decimals at most: "7.5 hr", "7,5 Std.", Arabic digits in
 * Arabic (planned production time, issue 36).
 */
export function formatHours(totalSeconds: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(Math.max(0, totalSeconds) / 3600);
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** hh:mm in 24-hour form, e.g. "07:05"; Latin digits in every locale so times line up in tables. */
export function formatTime(value: DateInput, timeZone = browserTimeZone()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(toDate(value));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

export function formatDate(value: DateInput, locale: string, timeZone = browserTimeZone()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(toDate(value));
}

export function formatDateTime(value: DateInput, locale: string, timeZone = browserTimeZone()): string {
  return `${formatDate(value, locale, timeZone)} ${formatTime(value, timeZone)}`;
}

export function formatNumber(value: number, locale: string, fractionDigits?: number): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits ?? 3,
  }).format(value);
}

/** "25.00 EUR": amount with two decimals in the locale's separators, then the ISO currency code. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return `${formatNumber(amount, locale, 2)} ${currency}`;
}

/** A wait such as a login lock-out: "45 seconds", or whole minutes rounded up ("5 minutes"). */
export function formatWait(seconds: number, locale: string): string {
  const useMinutes = seconds >= 60;
  const value = useMinutes ? Math.ceil(seconds / 60) : Math.max(1, Math.ceil(seconds));
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: useMinutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(value);
}

/**
 * How long ago something was, in the user's language: "now", "3 minutes ago", "2 hours ago",
 * "yesterday" (docs/design.md "Live data": a value that is not live says how old it is).
 */
export function formatAge(value: DateInput, locale: string, now: DateInput = Date.now()): string {
  const seconds = Math.max(0, (toDate(now).getTime() - toDate(value).getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds < 60) return format.format(0, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}
