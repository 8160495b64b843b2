import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SELF } from '../test/render';

/** a signed-in user whose area's landing page needs no data to show its heading */
const SYSTEM_ADMIN = { ...SELF, role: 'SYSTEM_ADMIN' };
const NO_TENANTS = { items: [], page: 0, pageSize: 10, total: 0 };
const get = (input: unknown) =>
  jsonResponse(200, String(input).startsWith('/api/system/') ? NO_TENANTS : SYSTEM_ADMIN);

function signIn() {
  window.localStorage.setItem('bearerToken', 'bearer-1');
  window.localStorage.setItem('refreshToken', 'refresh-1');
}

describe('language picker', () => {
  it('switches the page, persists under use-locale, and lays Arabic out right to left', async () => {
    await renderApp({ path: '/login' });
    await userEvent.setup().selectOptions(await screen.findByTestId('language-picker'), 'ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(window.localStorage.getItem('use-locale')).toBe('ar');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });

  it("saves a signed-in user's choice to the account", async () => {
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(async (input, init) => (init?.method === 'PUT' ? jsonResponse(204) : get(input)));
    signIn();
    await renderApp({ path: '/system-admin' });
    await userEvent.setup().selectOptions(await screen.findByTestId('language-picker'), 'pl');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/auth/users/self/language',
        expect.objectContaining({ method: 'PUT' }),
      ),
    );
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ value: 'POLISH' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Klienci');
  });

  it('keeps the choice on the device and says so when the account cannot be updated', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) =>
      init?.method === 'PUT'
        ? jsonResponse(503, { code: 'common.SERVICE_UNAVAILABLE', message: 'x' })
        : get(input),
    );
    signIn();
    await renderApp({ path: '/system-admin' });
    await userEvent.setup().selectOptions(await screen.findByTestId('language-picker'), 'de');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Ihre Sprache konnte nicht im Konto gespeichert werden.');
    expect(toast).toHaveTextContent('common.SERVICE_UNAVAILABLE');
    expect(window.localStorage.getItem('use-locale')).toBe('de');
  });
});
