import { getKnife, isKnifeAway, type KnifeDetails, languageOfLocale } from '@kerf/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { knifeKeys } from './keys';

/**
 * While a knife is away (at a grinding shop or on its way back) the other company moves its state:
 * the knife screens read it again every `KNIFE_AWAY_REFRESH_MS` and when the window regains focus
 * (docs/architecture.md "Knife state": polling rather than a live event).
 */
export const KNIFE_AWAY_REFRESH_MS = 10_000;
export const refreshWhileAway = (knives: readonly Pick<KnifeDetails, 'state'>[] | undefined) =>
  knives?.some((knife) => isKnifeAway(knife.state)) ? KNIFE_AWAY_REFRESH_MS : false;

const knifeQuery = (rfid: string, locale: string) => ({
  queryKey: knifeKeys.details(rfid),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api(getKnife, { params: { rfid }, query: { lang: languageOfLocale(locale) }, signal }),
  refetchInterval: (query: { state: { data?: KnifeDetails } }) =>
    refreshWhileAway(query.state.data ? [query.state.data] : undefined),
  refetchOnWindowFocus: true,
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
