import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import type { LogisticsSide } from '../api/keys';
import { useRfidConflicts } from '../api/knives';

/**
 * RFIDs two companies sent to one grinding shop (issue 31), as this company may see them: the
 * printing shop whose shipment was refused, the one whose knife was there, and the grinding shop.
 * Nothing when there is none; `rfid` narrows to one knife.
 */
export function RfidConflicts({ side, rfid }: { side: LogisticsSide; rfid?: string }) {
  const { t, i18n } = useTranslation();
  const conflicts = useRfidConflicts(side);
  const shown = (conflicts.data ?? []).filter((conflict) => !rfid || conflict.rfid === rfid).slice(0, 5);
  if (shown.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('logistics.conflicts.title')}
      icon={<IconAlertTriangle size={18} aria-hidden />}
    >
      <List size="sm" spacing={4}>
        {shown.map((conflict) => (
          <List.Item key={conflict.id}>
            {t(`logistics.conflicts.${conflict.side}`, {
              rfid: conflict.rfid,
              shop: conflict.grindingShopName,
              date: formatDate(conflict.at, i18n.language),
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
