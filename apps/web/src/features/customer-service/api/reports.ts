import { exportCustomersCsv, languageOfLocale } from '@kerf/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile, httpClient } from '../../../lib/api';

/**
 * The customers CSV in the dialect of the user's language (machines, licences, online status,
 * uptime, cuts) of all or of the chosen customers, saved under the server's name, which tells the
 * two apart (`customers-all-…` or `customers-<customer>-…`, docs/exports.md).
 */
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
      await downloadFile(
        httpClient,
        exportCustomersCsv,
        {
          tenantIds: tenantIds.length ? tenantIds : undefined,
          days,
          lang: languageOfLocale(locale),
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
        `customers-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    },
  });
}
