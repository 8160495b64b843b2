import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAge, formatDate, formatDateTime, formatDurationWords, formatTime } from '../../lib/format';

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
