import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { fakeMakerServer, signIn } from './test-server';

/** The manufacturer's screens under the pseudo-locale (test/untranslated-text.ts): every text from the catalogue. */
// Lazy chunks on a shared, busy runner take a while.
vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 30_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});

describe('manufacturer screens have no raw strings', () => {
  const options = pseudoLocale();

  it('fleet', async () => {
    fakeMakerServer();
    signIn();
    await renderApp(options('/manufacturer'));
    await screen.findByText('PM-115-0001');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('users, the user form and the deactivate confirmation', async () => {
    fakeMakerServer();
    signIn();
    await renderApp(options('/manufacturer/users'));
    await screen.findByText('Tobias Brandt');
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Add employee⟧' }));
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByText('Tobias Brandt').closest('tr')!;
    await userEvent.click(within(row).getAllByRole('button').at(-1)!);
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
  });
});
