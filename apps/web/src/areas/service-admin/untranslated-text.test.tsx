import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { AREA_ID, fakeServiceServer, SERVICE_ADMIN, signIn } from '../service/test-server';

/** The customer-service admin's screens under the pseudo-locale: every text from the catalogue. */
vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 30_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});

describe('customer-service admin screens have no raw strings', () => {
  const options = pseudoLocale();

  it('service areas and their details', async () => {
    fakeServiceServer(SERVICE_ADMIN);
    signIn();
    const { router } = await renderApp(options('/service-admin'));
    await screen.findByText('DACH');
    expect(untranslatedTexts()).toEqual([]);
    await router.navigate(`/service-admin/service-areas/${AREA_ID}`);
    await screen.findByText('PM-115-0001');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('employees and the employee form', async () => {
    fakeServiceServer(SERVICE_ADMIN);
    signIn();
    await renderApp(options('/service-admin/employees'));
    await screen.findByText('Aylin Demir');
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Add employee⟧' }));
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
  });
});
