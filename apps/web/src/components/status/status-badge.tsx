import { Badge } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type MachineStatus,
  STATUS_GROUP_LOOK,
  SWAP_URGENCY_LOOK,
  type SwapUrgency,
  statusGroupOf,
} from './status';

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * A state as badge: tinted background and icon in the state's colour, label in dark text. Mantine's
 * coloured badge text misses the 4.5:1 contrast for green and amber, so the colour stays in the tint,
 * the icon and the border, and the words stay readable (and colour is never the only signal).
 */
export function ToneBadge({
  color,
  icon: IconComponent,
  dashed = false,
  size = 'md',
  children,
}: {
  color: string;
  icon: Icon;
  dashed?: boolean;
  size?: string;
  children: ReactNode;
}) {
  return (
    <Badge
      size={size}
      color={color}
      variant="light"
      leftSection={<IconComponent size="1.1em" color={cssColor(color)} aria-hidden />}
      styles={{
        root: {
          backgroundColor: `var(--mantine-color-${color.split('.')[0]}-light)`,
          border: `1px ${dashed ? 'dashed' : 'solid'} ${cssColor(color)}`,
          textTransform: 'none',
        },
        label: { color: 'var(--mantine-color-dark-8)', fontWeight: 600 },
      }}
    >
      {children}
    </Badge>
  );
}

/** A machine status: colour, icon and label of its group (DESIGN.md). */
export function MachineStatusBadge({ status, size }: { status: MachineStatus; size?: string }) {
  const { t } = useTranslation();
  const look = STATUS_GROUP_LOOK[statusGroupOf(status)];
  return (
    <ToneBadge color={look.color} icon={look.icon} dashed={look.dashed} size={size}>
      {t(`status.machine.${status}`)}
    </ToneBadge>
  );
}

export function SwapUrgencyBadge({ urgency, size }: { urgency: SwapUrgency; size?: string }) {
  const { t } = useTranslation();
  const look = SWAP_URGENCY_LOOK[urgency];
  return (
    <ToneBadge color={look.color} icon={look.icon} size={size}>
      {t(`status.urgency.${urgency}`)}
    </ToneBadge>
  );
}
