import {
  exportKnifeComparisonCsv,
  exportKnivesCsv,
  getKnife,
  isKnifeAway,
  type KnifeDetails,
  type KnifeListQuery,
  type KnifeUpdate,
  languageOfLocale,
  listKnives,
  listKnivesMinimal,
  updateKnife,
} from '@kerf/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, downloadFile, httpClient } from '../../../lib/api';
import { knifeKeys } from './keys';

/** One page of the knife list as the server pages, filters and sorts it. */
export function useKnives(query: KnifeListQuery) {
  return useQuery({
    queryKey: knifeKeys.list(query),
    queryFn: ({ signal }) => api(listKnives, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshWhileAway(query.state.data?.items),
    refetchOnWindowFocus: true,
  });
}

/** RFID, article number and class of every knife (page 0 of 1000, product.md §9), for pickers. */
export function useMinimalKnives() {
  return useQuery({
    queryKey: knifeKeys.minimal(),
    queryFn: ({ signal }) => api(listKnivesMinimal, { query: { page: 0, page_size: 1000 }, signal }),
  });
}

/**
 * While a knife is away (at a grinding shop or on its way back) the other company moves its state:
 * the knife screens read it again every `KNIFE_AWAY_REFRESH_MS` and when the window regains focus
 * (docs/architecture.md "Knife state": polling rather than a live event).
 */
export const KNIFE_AWAY_REFRESH_MS = 10_000;

const refreshWhileAway = (knives: readonly Pick<KnifeDetails, 'state'>[] | undefined) =>
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

export function useUpdateKnife(rfid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KnifeUpdate) => api(updateKnife, { params: { rfid }, body }),
    onSuccess: (knife) => {
      queryClient.setQueryData(knifeKeys.details(rfid), knife);
      void queryClient.invalidateQueries({ queryKey: knifeKeys.all });
    },
  });
}

const today = () => new Date().toISOString().slice(0, 10);

/** The browser's zone: the export's timestamps carry its offset and its local times are in it. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The knife list as filtered and sorted on screen, every page, as a CSV download, saved under the
 * server's name (`knives-<tenant>-<day>.csv`).
 */
export async function downloadKnivesCsv(query: Omit<KnifeListQuery, 'page' | 'page_size'>, locale: string) {
  await downloadFile(
    httpClient,
    exportKnivesCsv,
    { ...query, lang: languageOfLocale(locale), timeZone: timeZone() },
    `knives-${today()}.csv`,
  );
}

/** Up to five knives side by side as a CSV download. */
export async function downloadComparisonCsv(rfids: string[], locale: string) {
  await downloadFile(
    httpClient,
    exportKnifeComparisonCsv,
    { rfids: rfids.join(','), lang: languageOfLocale(locale), timeZone: timeZone() },
    `knife-comparison-${today()}.csv`,
  );
}
