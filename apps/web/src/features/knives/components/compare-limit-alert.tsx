import { MAX_COMPARED_KNIVES } from '@kerf/contracts';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A sixth knife for the comparison is refused with the spec's message (product.md §5: at most 5 knives). */
export function CompareLimitAlert({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      role="alert"
      color="yellow.9"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel={t('actions.close')}
      onClose={onClose}
      mb="sm"
    >
      {t('knives.compare.tooMany', { max: MAX_COMPARED_KNIVES })}
    </Alert>
  );
}
