import type { CuttingMachine } from '@kerf/contracts';
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle, IconLicense } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/status';
import { translateKey } from '../../../lib/i18n';

const LOOK = {
  UNKNOWN: { color: 'gray.7', icon: IconHelpCircle },
  ADMIN_INFO_MISSING: { color: 'yellow.9', icon: IconAlertTriangle },
  MACHINE_LICENSED: { color: 'blue.8', icon: IconLicense },
  ALL_SETTINGS_CORRECT: { color: 'green.8', icon: IconCircleCheck },
} as const;

export function NetworkSetupBadge({ state }: { state: CuttingMachine['networkSetupState'] }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <ToneBadge color={look.color} icon={look.icon}>
      {translateKey(t, `network.setupStates.${state}`)}
    </ToneBadge>
  );
}
