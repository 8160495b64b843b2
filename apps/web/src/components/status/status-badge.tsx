import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type MachineStatus,
  STATUS_GROUP_LOOK,
  SWAP_URGENCY_LOOK,
  type SwapUrgency,
  statusGroupOf,
} from './status';

/** A machine status as badge: colour, icon and label together (DESIGN.md). */
export function MachineStatusBadge({ status, size = 'md' }: { status: MachineStatus; size?: string }) {
  const { t } = useTranslation();
  const look = STATUS_GROUP_LOOK[statusGroupOf(status)];
  const Icon = look.icon;
  return (
    <Badge
      size={size}
      color={look.color}
      variant={look.dashed ? 'outline' : 'light'}
      style={look.dashed ? { borderStyle: 'dashed' } : undefined}
      leftSection={<Icon size="1em" aria-hidden />}
    >
      {t(`status.machine.${status}`)}
    </Badge>
  );
}

export function SwapUrgencyBadge({ urgency, size = 'md' }: { urgency: SwapUrgency; size?: string }) {
  const { t } = useTranslation();
  const look = SWAP_URGENCY_LOOK[urgency];
  const Icon = look.icon;
  return (
    <Badge size={size} color={look.color} variant="light" leftSection={<Icon size="1em" aria-hidden />}>
      {t(`status.urgency.${urgency}`)}
    </Badge>
  );
}
