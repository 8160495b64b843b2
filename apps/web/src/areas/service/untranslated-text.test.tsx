import { configure, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { fakeServiceServer, signIn } from './test-server';

/** Customer service's screens under the pseudo-locale (test/untranslated-text.ts): every text from the catalogue. */
vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 30_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});

describe('customer-service screens have no raw strings', () => {
  const options = pseudoLocale();

  it('home', async () => {
    fakeServiceServer();
    signIn();
    await renderApp(options('/service'));
    await screen.findByText('⟦No client or machine selected⟧');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('clients, machines and reports', async () => {
    fakeServiceServer();
    signIn();
    const { router } = await renderApp(options('/service/tenants'));
    await screen.findByText('Druckhaus Alpenblick GmbH');
    expect(untranslatedTexts()).toEqual([]);
    await router.navigate('/service/machines');
    await screen.findByText('PM-115-0001');
    expect(untranslatedTexts()).toEqual([]);
    await router.navigate('/service/reports');
    await screen.findAllByText('Druckerei Beispiel GmbH');
    expect(untranslatedTexts()).toEqual([]);
  });
});
