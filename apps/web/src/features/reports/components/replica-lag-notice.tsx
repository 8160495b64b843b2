import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatWait } from '../../../lib/format';
import { useReportReadSource } from '../api/read-source';

/** A replica this many seconds behind is worth saying so (a few seconds is normal streaming). */
const REPLICA_LAG_NOTICE_SECONDS = 5;

/**
 * Reports may read from a streaming replica of the database (`DATABASE_READ_URL`). When it is more
 * than a few seconds behind, or its delay cannot be read, the report says so — its figures are then
 * not current (docs/design.md "Live data"). Nothing shows while reports read from the primary.
 */
export function ReplicaLagNotice() {
  const { t, i18n } = useTranslation();
  const { data } = useReportReadSource();
  if (data?.source !== 'REPLICA') return null;
  if (data.lagSeconds !== null && data.lagSeconds <= REPLICA_LAG_NOTICE_SECONDS) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconClockExclamation size={18} aria-hidden />}
      data-testid="replica-lag"
    >
      {data.lagSeconds === null
        ? t('reports.readSource.unknown')
        : t('reports.readSource.behind', { delay: formatWait(data.lagSeconds, i18n.language) })}
    </Alert>
  );
}
