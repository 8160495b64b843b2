import type { CuttingMachine } from '@kerf/contracts';
import { Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KnifeIntervalEditor, NoCutsPromptEditor } from '../../locations';
import { useMachineOptions } from '../api/machines';

/**
 * The machine's config options: its knife swap interval and the delay after which its operator
 * terminal asks why no cuts come, each its own value or inherited from the location.
 */
export function MachineIntervalModal({ machine, onClose }: { machine: CuttingMachine; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useMachineOptions(machine.id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('configOptions.machineTitle', { name: machine.name })}
      size="lg"
      centered
    >
      <Stack gap="md">
        <KnifeIntervalEditor scope="MACHINE" id={machine.id} options={options.data} error={options.error} />
        <NoCutsPromptEditor scope="MACHINE" id={machine.id} options={options.data} error={options.error} />
      </Stack>
    </Modal>
  );
}
