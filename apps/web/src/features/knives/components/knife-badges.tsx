import type { KnifeState } from '@kerf/contracts';
import { IconCircleCheck, IconTool, IconTrash, IconTruckReturn } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/status';
import { translateKey } from '../../../lib/i18n';

/**
 * The knife's one state (contracts `KNIFE_STATES`), the same word, colour and icon on every screen
 * of both companies. Colours carry meaning only (docs/design.md): in use green like a producing machine,
 * at the grinder blue like the knife work of a machine's setup (knife swap, calibration), on its
 * way back indigo (knife work done, not yet in use), scrapped grey like everything out of service.
 */
const STATE_LOOK = {
  ACTIVE: { color: 'green.8', icon: IconCircleCheck },
  AT_GRINDER: { color: 'blue.8', icon: IconTool },
  SHIPPED_BACK: { color: 'indigo.8', icon: IconTruckReturn },
  SCRAPPED: { color: 'gray.7', icon: IconTrash },
} as const satisfies Record<KnifeState, unknown>;

/** Where the knife is in its loop: in use, at the grinder, on its way back, retired — colour, icon and word. */
export function KnifeStateBadge({ state, size }: { state: KnifeState; size?: string }) {
  const { t } = useTranslation();
  const look = STATE_LOOK[state];
  return (
    <ToneBadge color={look.color} icon={look.icon} size={size}>
      {translateKey(t, `knives.states.${state}`)}
    </ToneBadge>
  );
}
