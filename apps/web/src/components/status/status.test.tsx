import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { MACHINE_STATUSES, STATUS_GROUP_LOOK, statusGroupOf } from './status';
import { MachineStatusBadge, SwapUrgencyBadge } from './status-badge';

describe('status map', () => {
  it('groups the statuses as docs/design.md says', () => {
    expect(statusGroupOf('RUNNING')).toBe('producing');
    expect(MACHINE_STATUSES.filter((s) => s.startsWith('INTERRUPTION_')).map(statusGroupOf)).toEqual([
      'interruption',
      'interruption',
      'interruption',
      'interruption',
    ]);
    expect(MACHINE_STATUSES.filter((s) => s.startsWith('SUPPORT_')).map(statusGroupOf)).toEqual([
      'support',
      'support',
      'support',
      'support',
    ]);
    expect(statusGroupOf('KNIFE_CALIBRATION')).toBe('setup');
    expect(statusGroupOf('KNIFE_SWAP')).toBe('setup');
    expect(statusGroupOf('BREAK')).toBe('idle');
    expect(statusGroupOf('CONNECTING')).toBe('offline');
    expect(STATUS_GROUP_LOOK.offline.dashed).toBe(true);
  });

  it('shows a status with its label, never by colour alone', async () => {
    const i18n = await createI18n({ locale: 'de' });
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <MachineStatusBadge status="INTERRUPTION_PRINTING_MATERIAL_MISSING" />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByText('Material fehlt')).toBeInTheDocument();
  });

  it('never truncates: the label is shown whole and the badge is as wide as its words', async () => {
    for (const locale of ['ar', 'de'] as const) {
      const i18n = await createI18n({ locale });
      const view = render(
        <I18nextProvider i18n={i18n}>
          <MantineProvider>
            <MachineStatusBadge status="RUNNING" />
          </MantineProvider>
        </I18nextProvider>,
      );
      const label = screen.getByText(locale === 'ar' ? 'قيد التشغيل' : 'Läuft');
      const badge = label.closest<HTMLElement>('[data-tone-badge]');
      expect(badge).not.toBeNull();
      // Mantine's badge clips with an ellipsis and shrinks to its icon in a table; ours does neither
      expect(label.style.whiteSpace).toBe('nowrap');
      expect(label.style.overflow).toBe('visible');
      expect(label.style.textOverflow).toBe('clip');
      expect(badge?.style.overflow).toBe('visible');
      expect(badge?.style.minWidth).toBe('max-content');
      expect(badge?.style.maxWidth).toBe('none');
      // icon, colour (tint and outline) and label stay
      expect(badge?.querySelector('svg')).not.toBeNull();
      expect(badge?.style.border).toContain('solid');
      view.unmount();
    }
  });

  it('may wrap a long label onto a second line instead, still whole', async () => {
    const i18n = await createI18n({ locale: 'de' });
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <SwapUrgencyBadge urgency="SWAP_REQUIRED" wrap />
        </MantineProvider>
      </I18nextProvider>,
    );
    const label = screen.getByText(i18n.t('status.urgency.SWAP_REQUIRED'));
    const badge = label.closest<HTMLElement>('[data-tone-badge]');
    expect(label.style.whiteSpace).toBe('normal');
    expect(label.style.textOverflow).toBe('clip');
    expect(badge?.style.height).toBe('auto');
  });
});
