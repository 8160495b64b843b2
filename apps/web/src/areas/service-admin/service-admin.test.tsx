import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import { AREA_ID, calls, EMPLOYEES, fakeServiceServer, SERVICE_ADMIN, signIn } from '../service/test-server';

// Lazy chunks on a shared, busy runner take a while.
vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 30_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});

describe('customer-service admin', () => {
  it('lists the service areas with their clients', async () => {
    fakeServiceServer(SERVICE_ADMIN);
    signIn();
    await renderApp({ path: '/service-admin' });
    expect(await screen.findByText('DACH')).toBeInTheDocument();
  });

  it('adds an employee in a service area with the shared user form', async () => {
    const fetch = fakeServiceServer(SERVICE_ADMIN, (url, init) =>
      url === '/api/customer-service/users' && init?.method === 'POST'
        ? jsonResponse(201, { ...EMPLOYEES[0], id: '70000000-0000-4000-8000-000000000007', username: 'ben' })
        : undefined,
    );
    signIn();
    await renderApp({ path: '/service-admin/employees' });
    await screen.findByText('Aylin Demir');
    await userEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true'),
    );
    await userEvent.type(within(dialog).getByLabelText(/First name/), 'Ben');
    await userEvent.type(within(dialog).getByLabelText(/Last name/), 'Kurz');
    await userEvent.type(within(dialog).getByLabelText(/Username/), 'ben');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Schnitt-2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/customer-service/users')).toHaveLength(1));
    expect(calls(fetch, 'POST', '/api/customer-service/users')[0]!.body).toMatchObject({
      firstName: 'Ben',
      username: 'ben',
      role: 'SERVICE_USER_SUPPORT',
      serviceAreaIds: [],
      email: null,
    });
  });

  it('service area details: employees and machines', async () => {
    fakeServiceServer(SERVICE_ADMIN);
    signIn();
    await renderApp({ path: `/service-admin/service-areas/${AREA_ID}` });
    expect(await screen.findByText('Aylin Demir')).toBeInTheDocument();
    expect(await screen.findByText('PM-115-0001')).toBeInTheDocument();
  });
});
