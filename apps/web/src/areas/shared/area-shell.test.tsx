import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SELF } from '../../test/render';

/** the system admin lands on the clients list */
const SYSTEM_ADMIN = { ...SELF, role: 'SYSTEM_ADMIN' };
const NO_TENANTS = { items: [], page: 0, pageSize: 10, total: 0 };
/** the signed-in system admin, and an empty clients list for the landing page */
const systemAdminServer = (input: unknown) =>
  jsonResponse(200, String(input).startsWith('/api/system/') ? NO_TENANTS : SYSTEM_ADMIN);

function signIn() {
  window.localStorage.setItem('bearerToken', 'bearer-1');
  window.localStorage.setItem('refreshToken', 'refresh-1');
}

describe('role areas', () => {
  it('send signed-out visitors to the login', async () => {
    const { router } = await renderApp({ path: '/printing-manager/reports' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ returnTo: '/printing-manager/reports' });
  });

  it("send a user who opens another role's area to their own", async () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(
      jsonResponse(200, { ...SELF, role: 'PRINTING_SHOP_OPERATOR' }),
    );
    signIn();
    const { router } = await renderApp({ path: '/printing-admin/machines' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Select your machine');
  });

  it('show who is signed in, the role, the tenant and the area navigation', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(async (input) => systemAdminServer(input));
    signIn();
    await renderApp({ path: '/system-admin' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Clients');
    // the role is shown in the user menu
    await userEvent.setup().click(await screen.findByRole('button', { name: /user menu/i }));
    expect(await screen.findByText('System admin')).toBeInTheDocument();
    const nav = screen.getByRole('navigation');
    expect(nav).toHaveTextContent('Clients');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Druckerei Beispiel GmbH');
  });

  it('return to the login with a notice when the session cannot be refreshed', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
      String(input) === '/api/auth/auth/refresh'
        ? jsonResponse(401, { code: 'authentication.SESSION_EXPIRED', message: 'x' })
        : jsonResponse(401, { code: 'authentication.TOKEN_EXPIRED', message: 'x' }),
    );
    signIn();
    const { router } = await renderApp({ path: '/system-admin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has ended. Please log in again.',
    );
    expect(window.localStorage.getItem('bearerToken')).toBeNull();
  });

  it('log out: the server session is deleted and the login shown', async () => {
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(async (input) =>
        String(input).startsWith('/api/auth/auth/sessions/') ? jsonResponse(204) : systemAdminServer(input),
      );
    signIn();
    const { router } = await renderApp({ path: '/system-admin' });
    // the landing page has settled (its lazy chunk and its list) before the menu opens
    await screen.findByRole('heading', { level: 1, name: 'Clients' });
    await screen.findByText('Nothing here yet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /user menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetch.mock.calls.find(([url]) => String(url).startsWith('/api/auth/auth/sessions/'));
    expect(call?.[0]).toBe('/api/auth/auth/sessions/refresh-1');
    expect(call?.[1]?.method).toBe('DELETE');
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent('You are logged out.');
  });
});
