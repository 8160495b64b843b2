import { exportCustomersCsv, languageOfLocale } from '@kerf/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Saves a text as a file through a temporary link (the browser's download). */
function saveFile(text: string, fileName: string) {
  // The response text lost its byte order mark when decoded; Excel needs it to read UTF-8.
  const blob = new Blob([`\uFEFF${text.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The customers CSV in the dialect of the user's language (machines, licences, online status, uptime, cuts) of all or of the chosen customers. */
export function useExportCustomersCsv() {
  return useMutation({
    mutationFn: async ({
      tenantIds,
      days,
      locale,
    }: {
      tenantIds: string[];
      days: number;
      locale: string;
    }) => {
      // The separators follow the user's language, as in the knife CSVs.
      const text = await api(exportCustomersCsv, {
        query: { tenantIds: tenantIds.length ? tenantIds : undefined, days, lang: languageOfLocale(locale) },
      });
      saveFile(text, `kerf-customers-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}
