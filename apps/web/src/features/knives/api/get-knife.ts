import { getKnife, languageOfLocale } from '@kerf/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { knifeKeys } from './keys';

const knifeQuery = (rfid: string, locale: string) => ({
  queryKey: knifeKeys.details(rfid),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api(getKnife, { params: { rfid }, query: { lang: languageOfLocale(locale) }, signal }),
});

export function useKnife(rfid: string) {
  const { i18n } = useTranslation();
  return useQuery({ ...knifeQuery(rfid, i18n.language), enabled: rfid !== '' });
}

/** The details of several knives at once (knife comparison). */
export function useKnifeDetailsList(rfids: string[]) {
  const { i18n } = useTranslation();
  return useQueries({ queries: rfids.map((rfid) => knifeQuery(rfid, i18n.language)) });
}
