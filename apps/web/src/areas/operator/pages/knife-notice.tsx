import type { MachineStatusView } from '@kerf/contracts';
import { CloseButton, Group, Text } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

type Knife = NonNullable<MachineStatusView['knife']>;

/** How urgent the knife change is, as the notice words it. */
type NoticeLevel = 'soon' | 'required' | 'overdue';

/**
 * "Overdue" from 110 % of the swap interval: as far past it as "soon" (the server's SWAP_SOON, 90 %)
 * is before it. Between 100 % and 110 % the change is "required" (SWAP_REQUIRED).
 */
const OVERDUE_SHARE = 1.1;

export interface KnifeNoticeData {
  level: NoticeLevel;
  cuts: number;
  interval: number;
  /** the knife and the level: what a dismissal covers (with the cuts since grinding at that moment) */
  key: string;
}

/** The notice the knife in the machine calls for, if any (from the server's urgency and counters). */
export function knifeNoticeOf(knife: Knife): KnifeNoticeData | null {
  const interval = knife.knifeSwapInterval;
  if (!interval) return null;
  const cuts = knife.cutsSinceLastGrinding;
  const level: NoticeLevel | null =
    knife.swapUrgency === 'SWAP_SOON'
      ? 'soon'
      : knife.swapUrgency === 'SWAP_REQUIRED'
        ? cuts >= interval * OVERDUE_SHARE
          ? 'overdue'
          : 'required'
        : null;
  if (!level) return null;
  return { level, cuts, interval, key: `${knife.rfid}:${level}` };
}

const DISMISSED_KEY = 'kerf.operator.knifeNotice.dismissed';
/** the last dismissals kept (a terminal sees a handful of knives a week) */
const KEEP = 50;

function readDismissed(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Dismissed notices, kept on the terminal: a notice once closed stays closed for this knife and
 * grinding cycle across reloads, and comes back when the urgency rises (soon → required → overdue)
 * or after the knife was ground.
 */
export function useDismissedNotices() {
  const [dismissed, setDismissed] = useState(readDismissed);
  // `rfid:level@cuts`: dismissed at that many cuts since grinding. A grinding sets the counter back
  // below it, so the same level in the knife's next cycle shows again.
  const entryOf = (notice: KnifeNoticeData) => `${notice.key}@${notice.cuts}`;
  const cutsAtDismissal = (entry: string, notice: KnifeNoticeData) =>
    entry.startsWith(`${notice.key}@`) ? Number(entry.slice(notice.key.length + 1)) : Number.NaN;
  return {
    isDismissed: (notice: KnifeNoticeData) =>
      dismissed.some((entry) => cutsAtDismissal(entry, notice) <= notice.cuts),
    dismiss(notice: KnifeNoticeData) {
      const next = [
        ...dismissed.filter((entry) => Number.isNaN(cutsAtDismissal(entry, notice))),
        entryOf(notice),
      ].slice(-KEEP);
      setDismissed(next);
      try {
        window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
      } catch {
        // storage blocked: dismissed for this page only
      }
    },
  };
}

/** High contrast: black on amber for "soon", white on dark red for "required" and "overdue". */
const LOOK: Record<NoticeLevel, { background: string; color: string }> = {
  soon: { background: 'var(--mantine-color-yellow-4)', color: 'var(--mantine-color-black)' },
  required: { background: 'var(--mantine-color-red-9)', color: 'var(--mantine-color-white)' },
  overdue: { background: 'var(--mantine-color-red-9)', color: 'var(--mantine-color-white)' },
};

/** One compact line: what to do, how urgent, with the figures ("4,707 of 3,500 cuts"); closable. */
export function KnifeNotice({ notice, onDismiss }: { notice: KnifeNoticeData; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const look = LOOK[notice.level];
  const Icon = notice.level === 'soon' ? IconAlertTriangle : IconAlertOctagon;
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <Group
      role="alert"
      data-testid="knife-notice"
      data-level={notice.level}
      gap="sm"
      wrap="nowrap"
      ps="md"
      pe={4}
      py={4}
      style={{
        background: look.background,
        color: look.color,
        borderRadius: 8,
        border: notice.level === 'overdue' ? '3px solid var(--mantine-color-black)' : undefined,
      }}
    >
      <Icon size={28} aria-hidden style={{ flexShrink: 0 }} />
      <Text fz="lg" fw={700} c="inherit" style={{ flex: 1, fontVariantNumeric: 'tabular-nums' }}>
        {t(`operator.knifeNotice.${notice.level}`, { cuts: n(notice.cuts), interval: n(notice.interval) })}
      </Text>
      <CloseButton
        size={48}
        iconSize={28}
        c="inherit"
        variant="transparent"
        aria-label={t('operator.knifeNotice.close')}
        onClick={onDismiss}
      />
    </Group>
  );
}
