import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { fakePrintingShopServer, LOCATION_ID, signIn } from './test-server';

/** The printing-admin screens and dialogs under the pseudo-locale (test/untranslated-text.ts). */
describe('printing-admin screens have no raw strings', () => {
  const options = pseudoLocale();

  it('locations overview and the location dialog', async () => {
    fakePrintingShopServer();
    signIn();
    await renderApp(options('/printing-admin/locations'));
    await screen.findByText('Werk Nord');
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByText('⟦With uptime⟧'));
    await screen.findByRole('columnheader', { name: '⟦Uptime (24 h)⟧' });
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Create location⟧' }));
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('location details: employees, machines and network tabs, and the machine dialog', async () => {
    fakePrintingShopServer();
    signIn();
    const { router } = await renderApp(options(`/printing-admin/locations/${LOCATION_ID}`));
    await screen.findByText('Erika Muster');
    await screen.findByText(/3,000/);
    expect(untranslatedTexts()).toEqual([]);
    await router.navigate(`/printing-admin/locations/${LOCATION_ID}?tab=machines`);
    await screen.findByText('PM-115-0001');
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Edit “Schneider 1”⟧' }));
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Cancel⟧' }));
    await router.navigate(`/printing-admin/locations/${LOCATION_ID}?tab=network`);
    await screen.findByText('192.168.1.20');
    await screen.findByText('Stefan Krause');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('location details: the shift calendar and its planned time, and a removal’s confirmation', async () => {
    fakePrintingShopServer();
    signIn();
    await renderApp(options(`/printing-admin/locations/${LOCATION_ID}?tab=shift-calendar`));
    await screen.findByRole('table', { name: '⟦Planned production time⟧' }, { timeout: 20_000 });
    await screen.findByRole('group', { name: '⟦Monday⟧' });
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Remove holiday “Heiligabend”⟧' }));
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('dashboard', async () => {
    fakePrintingShopServer();
    signIn();
    await renderApp(options('/printing-admin/machines'));
    await screen.findByText('Schneider 1');
    await screen.findByText('Stefan Krause');
    expect(untranslatedTexts()).toEqual([]);
  });
});
