import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { fakeGrindingShopServer, LOCATION_ID, signIn } from './test-server';

/** The grinding-admin screens and dialogs under the pseudo-locale (test/untranslated-text.ts). */
describe('grinding-admin screens have no raw strings', () => {
  const options = pseudoLocale();

  it('locations overview, the location dialog and the employee dialog', async () => {
    fakeGrindingShopServer();
    signIn();
    await renderApp(options('/grinding-admin/locations'));
    await screen.findByText('Schleifwerk Bielefeld', {}, { timeout: 20_000 });
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Create location⟧' }));
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Cancel⟧' }));
    await userEvent.click(screen.getByRole('button', { name: '⟦Add employee⟧' }));
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('location details: employees and machines tabs, and the grinding machine dialog', async () => {
    fakeGrindingShopServer();
    signIn();
    const { router } = await renderApp(options(`/grinding-admin/locations/${LOCATION_ID}`));
    await screen.findByText('Tomasz Nowak');
    expect(untranslatedTexts()).toEqual([]);
    await router.navigate(`/grinding-admin/locations/${LOCATION_ID}?tab=machines`);
    await screen.findByText('KOLB-2200-1187');
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Edit “Flachschleifer 1”⟧' }));
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
  });
});
