import type { ReportStatus } from '@kerf/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  formatBucket,
  formatDurationWords,
  formatNumber,
  formatPercent,
  formatTime,
} from '../../../lib/format';

/** The report's numbers in the user's locale: counts with separators, durations in words (CSV keeps DD:HH:MM), hh:mm, shares. */
export function useReportFormat() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return {
    t,
    locale,
    count: (value: number) => formatNumber(value, locale),
    duration: (seconds: number) => formatDurationWords(seconds, locale),
    time: (value: string | number) => formatTime(value),
    percent: (share: number) => formatPercent(share, locale),
    bucket: (start: string, size: 'HOUR' | 'DAY') => formatBucket(start, size, locale),
    status: (status: ReportStatus) => statusLabel(t, status),
  };
}

function statusLabel(t: TFunction, status: ReportStatus): string {
  return status === 'NO_DATA' ? t('reports.noData') : t(`status.machine.${status}`);
}
