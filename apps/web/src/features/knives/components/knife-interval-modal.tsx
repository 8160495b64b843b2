import type { KnifeDetails } from '@kerf/contracts';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KnifeIntervalEditor } from '../../locations';

/** The knife's own swap interval as a config option: its own value, or what it inherits. */
export function KnifeIntervalModal({ knife, onClose }: { knife: KnifeDetails; onClose: () => void }) {
  const { t } = useTranslation();
  const options = {
    KNIFE_SWAP_INTERVAL: {
      value: knife.knifeSwapInterval,
      effective: knife.effectiveSwapInterval,
      source: knife.swapIntervalSource,
    },
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('knives.interval.title', { rfid: knife.rfid })}
      size="lg"
      centered
    >
      <KnifeIntervalEditor scope="KNIFE" id={knife.rfid} options={options} error={null} />
    </Modal>
  );
}
