import type { MachineAccessState } from '@kerf/contracts';
import { IconAlertOctagon, IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/status';

const LOOK = {
  ACTIVE: { color: 'green.8', icon: IconPlugConnected },
  CLOSED: { color: 'gray.7', icon: IconCircleCheck },
  FAILED: { color: 'red.8', icon: IconAlertOctagon },
} as const;

/** The state of a remote-service connection: open (green), ended (grey), failed (red), with icon and word. */
export function AccessStateBadge({ state }: { state: MachineAccessState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <ToneBadge color={look.color} icon={look.icon}>
      {t(`customerService.accessStates.${state}`)}
    </ToneBadge>
  );
}
