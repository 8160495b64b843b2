import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatAge,
  formatDate,
  formatDateTime,
  formatDurationWords,
  formatHours,
  formatTime,
} from '../../lib/format';

type DateInput = Date | string | number;
const iso = (value: DateInput) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A date in the user's locale and the browser's zone, machine-readable in `datetime`. */
export function DateText({ value, withTime = false }: { value: DateInput; withTime?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={iso(value)}>
      {withTime ? formatDateTime(value, i18n.language) : formatDate(value, i18n.language)}
    </time>
  );
}

/** hh:mm in the browser's zone. */
export function TimeText({ value }: { value: DateInput }) {
  return (
    <time dateTime={iso(value)} dir="ltr">
      {formatTime(value)}
    </time>
  );
}

/** A duration in words ("7 hr 10 min"), with an ISO 8601 duration for assistive technology and machines. */
export function DurationText({ seconds }: { seconds: number }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={`PT${Math.max(0, Math.floor(seconds))}S`} data-tabular>
      {formatDurationWords(seconds, i18n.language)}
    </time>
  );
}

/** A duration in hours of the user's language ("7.5 hr"), with an ISO 8601 duration in `datetime`. */
export function HoursText({ seconds }: { seconds: number }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={`PT${Math.max(0, Math.round(seconds))}S`} data-tabular>
      {formatHours(seconds, i18n.language)}
    </time>
  );
}

/** A local date of a place ("2026-03-29"), as the user's language writes it, e.g. "Sun, 29 Mar". */
export function LocalDateText({ date, weekday = false }: { date: string; weekday?: boolean }) {
  const { i18n } = useTranslation();
  const text = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    ...(weekday ? { weekday: 'short' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
  return <time dateTime={date}>{text}</time>;
}

const AGE_TICK_MS = 15_000;

/** How long ago, in words ("5 minutes ago"), kept current while shown; the exact time in `datetime`. */
export function AgeText({ value }: { value: DateInput }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso(value)} data-testid="age">
      {formatAge(value, i18n.language, Math.max(now, Date.now()))}
    </time>
  );
}
