import type { CuttingMachine } from '@kerf/contracts';
import { Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KnifeIntervalEditor, NoCutsPromptEditor } from '../../locations';
import { useMachineOptions } from '../api/machines';
import { IdealCutRateEditor } from './ideal-cut-rate-editor';

/**
 * The machine's config options: its knife swap interval and the delay after which its operator
 * terminal asks why no cuts come, each its own value or inherited from the location; and its ideal
 * cut rate for OEE (issue 36), which only a role that manages machines sets.
 */
export function MachineIntervalModal({
  machine,
  onClose,
  canSetIdealRate = false,
}: {
  machine: CuttingMachine;
  onClose: () => void;
  canSetIdealRate?: boolean;
}) {
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
        <IdealCutRateEditor machineId={machine.id} canEdit={canSetIdealRate} />
      </Stack>
    </Modal>
  );
}
