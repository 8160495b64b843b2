import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { pseudoResources, renderApp } from '../../test/render';
import { fakePrintingShopServer, LOCATION_ID, signIn } from './test-server';

/** Same rule as app/untranslated-text.test.tsx, for the printing-admin screens and dialogs. */
function untranslatedTexts(root: HTMLElement = document.body): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('[translate="no"], time, script, style, noscript')) continue;
    if (/^[\d\s*.,:;–\-/()#%·]+$/.test(text)) continue;
    if (!(text.startsWith('⟦') && text.endsWith('⟧'))) found.push(text);
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    if (element.closest('[translate="no"]')) continue;
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(attribute)?.trim();
      if (!value || /^[\d\s*.,:;–\-/()#%]+$/.test(value)) continue;
      if (!(value.includes('⟦') && value.endsWith('⟧'))) found.push(`${attribute}="${value}"`);
    }
  }
  return found;
}

describe('printing-admin screens have no raw strings', () => {
  const missingKeys: string[] = [];
  afterEach(() => {
    expect(missingKeys, 'keys without text').toEqual([]);
    missingKeys.length = 0;
  });
  const options = (path: string) => ({ path, resources: pseudoResources(), missingKeys });

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

  it('dashboard', async () => {
    fakePrintingShopServer();
    signIn();
    await renderApp(options('/printing-admin/machines'));
    await screen.findByText('Schneider 1');
    await screen.findByText('Stefan Krause');
    expect(untranslatedTexts()).toEqual([]);
  });
});
