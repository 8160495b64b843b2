import type { KnifeState } from '@kerf/contracts';
import { IconCircleCheck, IconTrash, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/status';
import { translateKey } from '../../../lib/i18n';

const STATE_LOOK = {
  ACTIVE: { color: 'green.8', icon: IconCircleCheck },
  SHIPPED: { color: 'indigo.8', icon: IconTruckDelivery },
  SCRAPPED: { color: 'gray.7', icon: IconTrash },
} as const;

/** Where the knife is in its loop: in use, at the grinder, retired — colour, icon and word. */
export function KnifeStateBadge({ state, size }: { state: KnifeState; size?: string }) {
  const { t } = useTranslation();
  const look = STATE_LOOK[state];
  return (
    <ToneBadge color={look.color} icon={look.icon} size={size}>
      {translateKey(t, `knives.states.${state}`)}
    </ToneBadge>
  );
}
