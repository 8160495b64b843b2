import type { SetupCheckState } from '@kerf/contracts';
import { Loader, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconProgress } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/status';
import { translateKey } from '../../../lib/i18n';

const LOOK = {
  RUNNING: { color: 'blue.8', icon: IconProgress },
  SUCCESS: { color: 'green.8', icon: IconCircleCheck },
  // works, but not as set up, or a value that could not be compared: never green (issue 32)
  WARNING: { color: 'yellow.9', icon: IconAlertTriangle },
  ERROR: { color: 'red.8', icon: IconCircleX },
} as const;

/** Running, error, warning or success (product.md §4): icon and word, never colour alone. */
export function CheckStateIcon({ state }: { state: SetupCheckState }) {
  if (state === 'RUNNING') return <Loader size={22} aria-hidden />;
  const Icon = LOOK[state].icon;
  return (
    <ThemeIcon variant="transparent" color={LOOK[state].color} size={26} aria-hidden>
      <Icon size={24} />
    </ThemeIcon>
  );
}

export function CheckStateBadge({ state }: { state: SetupCheckState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <ToneBadge color={look.color} icon={look.icon}>
      {translateKey(t, `setup.states.${state}`)}
    </ToneBadge>
  );
}
