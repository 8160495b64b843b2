import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import { calls, ENGINEER_ID, fakeMakerServer, MAKER, signIn, USERS } from './test-server';

// Lazy chunks on a shared, busy runner take a while.
vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 30_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});

describe('manufacturer: fleet', () => {
  it('shows the machines of the own make, read-only', async () => {
    fakeMakerServer(MAKER);
    signIn();
    await renderApp({ path: '/manufacturer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Machines in use' })).toBeInTheDocument();
    expect(await screen.findByText('PM-115-0001')).toBeInTheDocument();
    // a manufacturer without users:manage has no users page
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });
});

describe('manufacturer admin: users', () => {
  it('lists the users with role and state', async () => {
    fakeMakerServer();
    signIn();
    await renderApp({ path: '/manufacturer/users' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Tobias Brandt')).toBeInTheDocument();
    expect(within(table).getByText('Sina Wolf')).toBeInTheDocument();
    // the admin cannot deactivate themselves
    expect(screen.getByRole('button', { name: 'Deactivate Petra Lang' })).toBeDisabled();
  });

  it('adds a user, with field-level errors first', async () => {
    const fetch = fakeMakerServer(undefined, (url, init) =>
      url === '/api/auth/users' && init?.method === 'POST'
        ? jsonResponse(201, { ...USERS[1], id: '99999999-9999-4999-8999-999999999999', username: 'lea' })
        : undefined,
    );
    signIn();
    await renderApp({ path: '/manufacturer/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(/required|at least/i)).not.toHaveLength(0);
    expect(calls(fetch, 'POST', '/api/auth/users')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/First name/), 'Lea');
    await userEvent.type(within(dialog).getByLabelText(/Last name/), 'Hahn');
    await userEvent.type(within(dialog).getByLabelText(/Username/), 'lea');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Schnitt-2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/auth/users')).toHaveLength(1));
    expect(calls(fetch, 'POST', '/api/auth/users')[0]).toMatchObject({
      firstName: 'Lea',
      lastName: 'Hahn',
      username: 'lea',
      role: 'MANUFACTURER',
      email: null,
    });
    // no location assignment for a manufacturer
    expect(calls(fetch, 'PUT', '/api/printing-shop/users/')).toHaveLength(0);
  });

  it('deactivates a user only after confirmation', async () => {
    const fetch = fakeMakerServer(undefined, (url, init) =>
      url === `/api/auth/users/${ENGINEER_ID}` && init?.method === 'PUT'
        ? jsonResponse(200, { ...USERS[1], active: false })
        : undefined,
    );
    signIn();
    await renderApp({ path: '/manufacturer/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Tobias Brandt' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate user?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetch, 'PUT', `/api/auth/users/${ENGINEER_ID}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Tobias Brandt' }));
    const again = await screen.findByRole('dialog', { name: 'Deactivate user?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls(fetch, 'PUT', `/api/auth/users/${ENGINEER_ID}`)).toHaveLength(1));
    expect(calls(fetch, 'PUT', `/api/auth/users/${ENGINEER_ID}`)[0]).toMatchObject({
      username: 'engineer',
      active: false,
    });
  });

  it('shows the server’s field error at the field', async () => {
    fakeMakerServer(undefined, (url, init) =>
      url === '/api/auth/users' && init?.method === 'POST'
        ? jsonResponse(400, {
            code: 'validation.INVALID_INPUT',
            message: 'x',
            details: { fields: [{ field: 'username', in: 'body', code: 'INVALID_FORMAT' }] },
          })
        : undefined,
    );
    signIn();
    await renderApp({ path: '/manufacturer/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    await userEvent.type(within(dialog).getByLabelText(/First name/), 'Lea');
    await userEvent.type(within(dialog).getByLabelText(/Last name/), 'Hahn');
    await userEvent.type(within(dialog).getByLabelText(/Username/), 'engineer');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Schnitt-2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const username = within(dialog).getByLabelText(/Username/);
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
  });
});
