import {
  exportKnifeComparisonCsv,
  exportKnivesCsv,
  type KnifeListQuery,
  languageOfLocale,
} from '@kerf/contracts';
import { downloadFile, httpClient } from '../../../lib/api';

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
