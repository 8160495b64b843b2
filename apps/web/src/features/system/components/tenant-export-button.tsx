import { exportTenantData } from '@kerf/contracts';
import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/feedback';
import { downloadFile, httpClient } from '../../../lib/api';

/** The tenant admin's export: every row of the own company as a ZIP of JSON files. */
export function TenantExportButton() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const date = new Date().toISOString().slice(0, 10);
      await downloadFile(httpClient, exportTenantData, {}, `kerf-export-${date}.zip`);
    } catch (error) {
      notifyError(error, t, i18n);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileZip size={18} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      title={t('tenantExport.help')}
    >
      {t('tenantExport.button')}
    </Button>
  );
}
