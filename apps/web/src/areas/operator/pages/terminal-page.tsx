import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { lastMachine, useSelectionView, useTerminalState } from '../terminal';
import { MachineSelection } from './machine-selection';
import { MainScreen } from './main-screen';

/**
 * The operator's start: the main screen of the machine they work at, else the machine selection.
 * While the server cannot be reached the terminal stays on the machine it worked at last.
 */
export function TerminalPage() {
  const { t } = useTranslation();
  usePageTitle(t('areas.operator.title'));
  const selection = useSelectionView();
  const { offline } = useTerminalState();
  const current = selection.data?.find((machine) => machine.isCurrent)?.machineId;
  const fallback = !selection.data && (offline || selection.error) ? lastMachine.get() : null;
  const machineId = current ?? fallback;

  if (machineId) return <MainScreen machineId={machineId} />;
  if (selection.isPending)
    return (
      <Stack>
        <Skeleton h={48} w={320} />
        <Skeleton h={160} />
      </Stack>
    );
  return <MachineSelection selection={selection} />;
}
