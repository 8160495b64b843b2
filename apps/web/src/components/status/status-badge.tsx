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
 *
 * A badge never truncates: Mantine's badge clips its label with an ellipsis, and inside a table
 * (automatic layout) or a flex row its minimum width is only the icon, so "Aktiv" became "A" and
 * "قيد التشغيل" "قيد ال…". Here the label is visible in full and the badge is as wide as its words, so
 * a table column makes room for it and a flex row does not squeeze it. `wrap` lets a long label break
 * onto a second line where a narrow card needs it (the badge then grows in height, still whole).
 */
export function ToneBadge({
  color,
  icon: IconComponent,
  dashed = false,
  size = 'md',
  wrap = false,
  children,
}: {
  color: string;
  icon: Icon;
  dashed?: boolean;
  size?: string;
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <Badge
      size={size}
      color={color}
      variant="light"
      data-tone-badge
      leftSection={<IconComponent size="1.1em" color={cssColor(color)} aria-hidden />}
      styles={{
        root: {
          backgroundColor: `var(--mantine-color-${color.split('.')[0]}-light)`,
          border: `1px ${dashed ? 'dashed' : 'solid'} ${cssColor(color)}`,
          textTransform: 'none',
          overflow: 'visible',
          textOverflow: 'clip',
          maxWidth: 'none',
          minWidth: wrap ? undefined : 'max-content',
          flexShrink: 0,
          ...(wrap ? { height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2 } : {}),
        },
        label: {
          color: 'var(--mantine-color-dark-8)',
          fontWeight: 600,
          overflow: 'visible',
          textOverflow: 'clip',
          whiteSpace: wrap ? 'normal' : 'nowrap',
          ...(wrap ? { lineHeight: 1.3, textAlign: 'start' } : {}),
        },
      }}
    >
      {children}
    </Badge>
  );
}

/** A machine status: colour, icon and label of its group (docs/design.md). */
export function MachineStatusBadge({
  status,
  size,
  wrap,
}: {
  status: MachineStatus;
  size?: string;
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const look = STATUS_GROUP_LOOK[statusGroupOf(status)];
  return (
    <ToneBadge color={look.color} icon={look.icon} dashed={look.dashed} size={size} wrap={wrap}>
      {t(`status.machine.${status}`)}
    </ToneBadge>
  );
}

export function SwapUrgencyBadge({
  urgency,
  size,
  wrap,
}: {
  urgency: SwapUrgency;
  size?: string;
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const look = SWAP_URGENCY_LOOK[urgency];
  return (
    <ToneBadge color={look.color} icon={look.icon} size={size} wrap={wrap}>
      {t(`status.urgency.${urgency}`)}
    </ToneBadge>
  );
}
