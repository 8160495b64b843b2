import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { fakeManagerServer, LOCATION_ID, MACHINE_ID, signIn } from './test-server';

/** The manager's screens under the pseudo-locale (test/untranslated-text.ts): every text from the catalogue. */
// These screens load several lazy chunks and reports; on a shared, busy 2-core runner that takes a while.
beforeAll(() => {
  configure({ asyncUtilTimeout: 15_000 });
  vi.setConfig({ testTimeout: 60_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});

describe('printing-manager screens have no raw strings', () => {
  const options = pseudoLocale();

  it('shop floor', async () => {
    fakeManagerServer();
    signIn();
    await renderApp(options('/printing-manager'));
    const card = await screen.findByRole('article', { name: 'Schneider 1' });
    await within(card).findByText('⟦Running⟧');
    await screen.findByTestId('total-cuts-24h');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('machine details with the timeline as table', async () => {
    fakeManagerServer();
    signIn();
    await renderApp(options(`/printing-manager/machines/${MACHINE_ID}`));
    await screen.findByText('Flyer Stadtfest');
    const timeline = await screen.findByRole('region', { name: '⟦Uptime, last 24 hours⟧' });
    await userEvent.click(within(timeline).getByRole('button', { name: '⟦Show as table⟧' }));
    expect(untranslatedTexts()).toEqual([]);
  });

  it('reporting, every section', async () => {
    fakeManagerServer();
    signIn();
    const { router } = await renderApp(options('/printing-manager/reports'));
    await screen.findByRole('region', { name: '⟦Interruptions by reason⟧' });
    await screen.findAllByText('Schneider 1');
    expect(untranslatedTexts()).toEqual([]);
    for (const section of ['employees', 'knives', 'orders']) {
      await router.navigate(`/printing-manager/reports?section=${section}`);
      await screen.findAllByText(
        section === 'orders' ? 'Flyer Stadtfest' : section === 'knives' ? 'E200-3412-0001' : 'Jonas S.',
      );
      expect(untranslatedTexts(), section).toEqual([]);
    }
  });

  it('locations and location details', async () => {
    fakeManagerServer();
    signIn();
    const { router } = await renderApp(options('/printing-manager/locations'));
    await screen.findByText('Werk Nord');
    expect(untranslatedTexts()).toEqual([]);
    await router.navigate(`/printing-manager/locations/${LOCATION_ID}?tab=knives`);
    await screen.findByTestId('knife-table-slot');
    expect(untranslatedTexts()).toEqual([]);
    await router.navigate(`/printing-manager/locations/${LOCATION_ID}?tab=planned-time`);
    await screen.findByRole('table', { name: '⟦Planned production time⟧' }, { timeout: 20_000 });
    expect(untranslatedTexts()).toEqual([]);
  });
});
