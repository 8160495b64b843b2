import type { CuttingMachine } from '@kerf/contracts';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KnifeIntervalEditor } from '../../locations';
import { useMachineOptions } from '../api/get-machine-options';

/** The machine's knife swap interval as config option: own value or inherited from the location. */
export function MachineIntervalModal({ machine, onClose }: { machine: CuttingMachine; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useMachineOptions(machine.id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('knifeInterval.machineTitle', { name: machine.name })}
      size="lg"
      centered
    >
      <KnifeIntervalEditor scope="MACHINE" id={machine.id} options={options.data} error={options.error} />
    </Modal>
  );
}
