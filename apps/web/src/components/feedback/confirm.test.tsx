import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { confirmDelete } from './confirm';

async function setup() {
  const i18n = await createI18n({ locale: 'en' });
  render(
    <MantineProvider>
      <ModalsProvider />
    </MantineProvider>,
  );
  return i18n;
}

describe('delete confirmation', () => {
  it('names the thing and resolves true only on confirm', async () => {
    const i18n = await setup();
    const answer = confirmDelete(i18n.t, 'machine', 'Polar 115 #2');
    const dialog = await screen.findByRole('dialog', { name: 'Delete machine?' });
    expect(dialog).toHaveTextContent('Do you really want to delete “Polar 115 #2”? This cannot be undone.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false when cancelled', async () => {
    const i18n = await setup();
    const answer = confirmDelete(i18n.t, 'location', 'Halle 2');
    await screen.findByRole('dialog');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });
});
