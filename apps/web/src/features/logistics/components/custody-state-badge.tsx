import type { CustodyState } from '@kerf/contracts';
import { type Icon, IconCircleCheck, IconRecycle, IconTool, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/status';
import { translateKey } from '../../../lib/i18n';

const LOOK: Record<CustodyState, { color: string; icon: Icon }> = {
  IN_TRANSIT: { color: 'blue', icon: IconTruckDelivery },
  AT_GRINDER: { color: 'yellow', icon: IconTool },
  RETURNED: { color: 'green', icon: IconCircleCheck },
  SCRAPPED: { color: 'gray', icon: IconRecycle },
};

/** Where a knife is in one stay with a grinding shop; icon and label, never colour alone. */
export function CustodyStateBadge({ state }: { state: CustodyState }) {
  const { t } = useTranslation();
  return (
    <ToneBadge color={LOOK[state].color} icon={LOOK[state].icon}>
      {translateKey(t, `logistics.custody.${state}`)}
    </ToneBadge>
  );
}
