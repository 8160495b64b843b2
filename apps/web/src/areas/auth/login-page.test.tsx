import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SELF } from '../../test/render';

const TOKENS = { bearerToken: 'bearer-1', refreshToken: 'refresh-1', tokenType: 'Bearer', expiresIn: 900 };

function server(loginAnswer: () => Response, self: object = SELF) {
  const requests: { url: string; init?: RequestInit }[] = [];
  const fetch = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    requests.push({ url, init });
    if (url === '/api/auth/auth/login') return loginAnswer();
    if (url === '/api/auth/users/self') return jsonResponse(200, self);
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
  });
  return { fetch, requests };
}

async function fillAndSubmit(
  tenant: string,
  username: string,
  password: string,
  labels = ['Client', 'Username', 'Password'],
) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(labels[0]!, { exact: false }), tenant);
  await user.type(screen.getByLabelText(labels[1]!, { exact: false }), username);
  await user.type(screen.getByLabelText(labels[2]!, { exact: false, selector: 'input' }), password);
  await user.keyboard('{Enter}');
}

/** The login page's own language picker (nobody is signed in: the choice stays on the device). */
async function choosePageLanguage(locale: string) {
  await userEvent.setup().selectOptions(await screen.findByTestId('language-picker'), locale);
  await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', locale));
}

describe('login screen', () => {
  it('lower-cases client and username, stores the tokens and opens the role area', async () => {
    const { requests } = server(() => jsonResponse(200, TOKENS));
    const { router } = await renderApp({ path: '/login' });
    await fillAndSubmit('  DeMo ', 'ADMIN', 'Kerf-Demo-2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/printing-admin'));
    const login = requests.find((r) => r.url === '/api/auth/auth/login')!;
    expect(JSON.parse(String(login.init?.body))).toEqual({
      tenant: 'demo',
      username: 'admin',
      password: 'Kerf-Demo-2026',
    });
    expect(new Headers(login.init?.headers).get('x-client-type')).toBe('WEB');
    expect(window.localStorage.getItem('bearerToken')).toBe('bearer-1');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it('keeps the login page language for a user who has not chosen one, without saving it to the account', async () => {
    const { requests } = server(() => jsonResponse(200, TOKENS), { ...SELF, language: null });
    const { router } = await renderApp({ path: '/login' });
    await choosePageLanguage('nl');
    await fillAndSubmit('demo', 'admin', 'Kerf-demo-2026', ['Klant', 'Gebruikersnaam', 'Wachtwoord']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/printing-admin'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Overzicht');
    expect(document.documentElement).toHaveAttribute('lang', 'nl');
    expect(window.localStorage.getItem('use-locale')).toBe('nl');
    expect(requests.some((r) => r.url.endsWith('/users/self/language'))).toBe(false);
  });

  it('takes over the language the user chose in the account', async () => {
    const { requests } = server(() => jsonResponse(200, TOKENS), { ...SELF, language: 'GERMAN' });
    const { router } = await renderApp({ path: '/login' });
    await choosePageLanguage('nl');
    await fillAndSubmit('demo', 'admin', 'Kerf-demo-2026', ['Klant', 'Gebruikersnaam', 'Wachtwoord']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/printing-admin'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Übersicht');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(window.localStorage.getItem('use-locale')).toBe('de');
    expect(requests.some((r) => r.url.endsWith('/users/self/language'))).toBe(false);
  });

  it('checks required fields before sending, with the field codes of the contracts', async () => {
    const { fetch } = server(() => jsonResponse(200, TOKENS));
    await renderApp({ path: '/login' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows wrong credentials in the user language with the code in small print', async () => {
    server(() =>
      jsonResponse(401, {
        code: 'authentication.INVALID_CREDENTIALS',
        message: 'The credentials entered are invalid.',
      }),
    );
    await renderApp({ path: '/login', locale: 'de' });
    await fillAndSubmit('demo', 'admin', 'wrong', ['Mandant', 'Benutzername', 'Passwort']);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die eingegebenen Anmeldedaten sind ungültig.');
    expect(alert).toHaveTextContent('authentication.INVALID_CREDENTIALS');
    expect(window.localStorage.getItem('bearerToken')).toBeNull();
  });

  it.each([
    ['authentication.USER_DISABLED', 403, 'This user has been deactivated.'],
    ['authentication.TENANT_NOT_FOUND', 404, 'This client was not found.'],
  ])('shows %s', async (code, status, text) => {
    server(() => jsonResponse(status, { code, message: 'server text is never shown' }));
    await renderApp({ path: '/login' });
    await fillAndSubmit('demo', 'admin', 'x');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).not.toHaveTextContent('server text is never shown');
  });

  it('tells how long to wait after too many attempts', async () => {
    server(() =>
      jsonResponse(429, {
        code: 'authentication.TOO_MANY_ATTEMPTS',
        message: 'later',
        details: { retryAfterSeconds: 240 },
      }),
    );
    await renderApp({ path: '/login', locale: 'fr' });
    await fillAndSubmit('demo', 'admin', 'x', ['Client', 'Nom d’utilisateur', 'Mot de passe']);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de tentatives de connexion. Veuillez réessayer dans 4 minutes.',
    );
  });
});
