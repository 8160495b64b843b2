import {
  exportKnifeComparisonCsv,
  exportKnivesCsv,
  type KnifeListQuery,
  languageOfLocale,
} from '@kerf/contracts';
import { api } from '../../../lib/api';

/** The fetch API drops the byte-order mark while decoding; Excel needs it to read UTF-8. */
const BOM = '\uFEFF';

function saveFile(text: string, name: string) {
  const url = URL.createObjectURL(
    new Blob([BOM, text.replace(/^\uFEFF/, '')], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const today = () => new Date().toISOString().slice(0, 10);

/** The knife list as filtered and sorted on screen, every page, as a CSV download. */
export async function downloadKnivesCsv(query: Omit<KnifeListQuery, 'page' | 'page_size'>, locale: string) {
  const text = await api(exportKnivesCsv, { query: { ...query, lang: languageOfLocale(locale) } });
  saveFile(text, `knives-${today()}.csv`);
}

/** Up to five knives side by side as a CSV download. */
export async function downloadComparisonCsv(rfids: string[], locale: string) {
  const text = await api(exportKnifeComparisonCsv, {
    query: { rfids: rfids.join(','), lang: languageOfLocale(locale) },
  });
  saveFile(text, `knife-comparison-${today()}.csv`);
}
