import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmDelete } from '../components/feedback';
import { jsonResponse, renderApp, SELF } from '../test/render';
import { pseudoLocale, untranslatedTexts } from '../test/untranslated-text';

const TENANTS = {
  items: [
    { ...SELF.tenant, users: 12, machines: 5 },
    {
      users: 3,
      machines: 0,
      id: '00000000-0000-4000-8000-000000000003',
      slug: 'demo-grind',
      name: 'Schleiferei Muster KG',
      kind: 'GRINDING_SHOP',
      active: false,
      createdAt: '2026-02-01T00:00:00.000Z',
    },
  ],
  page: 0,
  pageSize: 1000,
  total: 2,
};

function fakeServer(self: object = SELF, tenants: object = TENANTS) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, self);
    if (url.startsWith('/api/system/tenants')) return jsonResponse(200, tenants);
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
  });
}

function signIn() {
  window.localStorage.setItem('bearerToken', 'b');
  window.localStorage.setItem('refreshToken', 'r');
}

/** Key screens under the pseudo-locale: every text comes from the catalogue (test/untranslated-text.ts). */
describe('no raw strings on key screens', () => {
  const options = pseudoLocale();

  it('public home', async () => {
    await renderApp(options('/'));
    await screen.findByRole('heading', { level: 1 });
    expect(untranslatedTexts()).toEqual([]);
  });

  it('login', async () => {
    await renderApp(options('/login'));
    await screen.findByRole('heading', { name: '⟦Log in⟧' });
    expect(untranslatedTexts()).toEqual([]);
  });

  it('registration', async () => {
    await renderApp(options('/register'));
    await screen.findByRole('heading', { level: 1 });
    expect(untranslatedTexts()).toEqual([]);
  });

  it('page not found', async () => {
    await renderApp(options('/no/such/page'));
    await screen.findByRole('heading', { name: '⟦Oops! We cannot find the page⟧' });
    expect(untranslatedTexts()).toEqual([]);
  });

  it("an area's landing page inside the app layout", async () => {
    fakeServer({ ...SELF, role: 'SYSTEM_ADMIN' });
    signIn();
    await renderApp(options('/system-admin'));
    await screen.findByRole('heading', { level: 1, name: '⟦Clients⟧' });
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(untranslatedTexts()).toEqual([]);
  });

  it('a section that comes later, and an unknown page inside an area', async () => {
    fakeServer();
    signIn();
    const { router } = await renderApp(options('/printing-admin/locations'));
    await screen.findByRole('heading', { level: 1, name: '⟦Locations⟧' });
    expect(untranslatedTexts()).toEqual([]);
    await router.navigate('/printing-admin/nothing-here');
    await screen.findByRole('heading', { name: '⟦Oops! We cannot find the page⟧' });
    expect(untranslatedTexts()).toEqual([]);
  });

  it('the data table with records, and its empty state', async () => {
    fakeServer({ ...SELF, role: 'SYSTEM_ADMIN' });
    signIn();
    await renderApp(options('/system-admin'));
    await screen.findByText('Schleiferei Muster KG');
    expect(untranslatedTexts()).toEqual([]);
    expect(screen.getByRole('columnheader', { name: '⟦Active⟧' })).toBeInTheDocument();
  });

  it('the data table empty state', async () => {
    fakeServer({ ...SELF, role: 'SYSTEM_ADMIN' }, { items: [], page: 0, pageSize: 1000, total: 0 });
    signIn();
    await renderApp(options('/system-admin'));
    await screen.findByText('⟦Nothing here yet⟧');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('the delete confirmation', async () => {
    const { i18n } = await renderApp({ ...options('/'), modals: true });
    await screen.findByRole('heading', { level: 1 });
    void confirmDelete(i18n.t, i18n.t('sections.machines'), 'Polar 115 #2');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent('⟦Delete'));
    expect(untranslatedTexts(dialog)).toEqual([]);
  });
});
