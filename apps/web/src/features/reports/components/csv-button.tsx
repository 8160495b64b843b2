import { languageOfLocale, type RouteContract } from '@kerf/contracts';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/feedback';
import { downloadFile, httpClient } from '../../../lib/api';

/**
 * Downloads a report section as CSV (the same data as its charts), with the bearer token, in the
 * separators of the user's language (`lang`, as the knife CSVs).
 */
export function CsvButton({
  contract,
  query,
  fileName,
  section,
}: {
  contract: RouteContract;
  query: Record<string, unknown>;
  fileName: string;
  /** the section's name, for the button's accessible name */
  section: string;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      aria-label={t('reports.csv.label', { section })}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(
            httpClient,
            contract,
            { ...query, lang: languageOfLocale(i18n.language) },
            fileName,
          );
        } catch (error) {
          notifyError(error, t, i18n, t('reports.csv.failed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('reports.csv.button')}
    </Button>
  );
}

/** "kerf-cutting-machines-2026-11-21.csv": what the report is and when it was taken. */
export function csvFileName(section: string, now = new Date()) {
  return `kerf-${section}-${now.toISOString().slice(0, 10)}.csv`;
}
