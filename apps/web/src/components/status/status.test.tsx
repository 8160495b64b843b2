import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { MACHINE_STATUSES, STATUS_GROUP_LOOK, statusGroupOf } from './status';
import { MachineStatusBadge } from './status-badge';

describe('status map', () => {
  it('groups the statuses as DESIGN.md says', () => {
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
});
