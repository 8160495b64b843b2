import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import {
  calls,
  EMPLOYEE,
  fakeGrindingShopServer,
  LOCATION,
  LOCATION_ID,
  MACHINE,
  MACHINE_ID,
  signIn,
} from './test-server';

async function fill(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  await userEvent.click(element);
  await userEvent.paste(text);
}

const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit)?.body));

/** Tables hide low-priority columns on a phone: these screens are checked at desktop width. */
function atDesktopWidth() {
  const phone = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      ...phone(query),
      matches: query.trim() === '' || /min-width/.test(query),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = phone;
  });
}

describe('grinding-admin: locations', () => {
  atDesktopWidth();

  it('the start page is the locations overview with location and name columns', async () => {
    fakeGrindingShopServer();
    signIn();
    await renderApp({ path: '/grinding-admin' });
    // the first screen of the file waits for the lazy area to load
    const table = await screen.findByRole('table', { name: 'Locations' }, { timeout: 20_000 });
    expect(within(table).getByText('Schleifwerk Bielefeld')).toBeInTheDocument();
    expect(within(table).getByText('Eckendorfer Straße 91, 33609 Bielefeld')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Location' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add employee' })).toBeInTheDocument();
  });

  it('creates a location at the grinding-shop server, without a knife swap interval', async () => {
    const fetch = fakeGrindingShopServer((url, init) =>
      url === '/api/grinding-shop/grinding-shops' && init?.method === 'POST'
        ? jsonResponse(201, {
            ...LOCATION,
            id: '44444444-4444-4444-8444-444444444444',
            name: 'Werkstatt Kassel',
          })
        : undefined,
    );
    signIn();
    await renderApp({ path: '/grinding-admin/locations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create location' });
    expect(within(dialog).queryByLabelText(/knife change interval/i)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await fill(within(dialog).getByLabelText(/^Name/), 'Werkstatt Kassel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/grinding-shop/grinding-shops')).toHaveLength(1));
    const body = bodyOf(calls(fetch, 'POST', '/api/grinding-shop/grinding-shops')[0]);
    expect(body).toEqual({
      name: 'Werkstatt Kassel',
      country: 'DE',
      street: null,
      streetNumber: null,
      zip: null,
      city: null,
    });
  });

  it('a delete the page knows is blocked says why before asking (product.md §5)', async () => {
    fakeGrindingShopServer();
    signIn();
    await renderApp({ path: '/grinding-admin/locations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Schleifwerk Bielefeld”' }));
    const blocked = await screen.findByRole('dialog', { name: '“Schleifwerk Bielefeld” cannot be deleted' });
    expect(blocked).toHaveTextContent('Employees still assigned: 1.');
    expect(blocked).toHaveTextContent('Machines still assigned: 1.');
    expect(screen.queryByRole('dialog', { name: 'Delete location?' })).toBeNull();
  });

  it('a delete the server refuses names who is still there (SHOP_HAS_USERS)', async () => {
    const empty = { ...LOCATION, numberOfMachines: 0, numberOfEmployees: 0 };
    fakeGrindingShopServer((url, init) =>
      url === `/api/grinding-shop/grinding-shops/${LOCATION_ID}` && init?.method === 'DELETE'
        ? jsonResponse(409, {
            code: 'service.grinding-shops.SHOP_HAS_USERS',
            message: 'x',
            details: { assigned: { count: 12, names: ['Lukas Berger', 'Eva Schmid'] } },
          })
        : url.startsWith('/api/grinding-shop/grinding-shops?') && (init?.method ?? 'GET') === 'GET'
          ? jsonResponse(200, { items: [empty], page: 0, pageSize: 20, total: 1 })
          : undefined,
    );
    signIn();
    await renderApp({ path: '/grinding-admin/locations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Schleifwerk Bielefeld”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete location?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const blocked = await screen.findByRole('dialog', { name: '“Schleifwerk Bielefeld” cannot be deleted' });
    expect(blocked).toHaveTextContent(
      'Employees are still assigned to this location. Move or remove them first.',
    );
    expect(blocked).toHaveTextContent('Still there: Lukas Berger, Eva Schmid and 10 more');
  });

  it('adds an employee at a location as a grinder with that location, in one call', async () => {
    const fetch = fakeGrindingShopServer((url, init) =>
      url === '/api/grinding-shop/users' && init?.method === 'POST' ? jsonResponse(201, EMPLOYEE) : undefined,
    );
    signIn();
    await renderApp({ path: `/grinding-admin/locations/${LOCATION_ID}` });
    await screen.findByText('Tomasz Nowak');
    await userEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    await fill(within(dialog).getByLabelText(/^First name/), 'Lukas');
    await fill(within(dialog).getByLabelText(/^Last name/), 'Berger');
    await fill(within(dialog).getByLabelText(/^Username/), 'l.berger');
    await fill(within(dialog).getByLabelText(/^Password/), 'Schleifen-2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/grinding-shop/users')).toHaveLength(1));
    expect(bodyOf(calls(fetch, 'POST', '/api/grinding-shop/users')[0])).toMatchObject({
      username: 'l.berger',
      role: 'GRINDER',
      grindingShopIds: [LOCATION_ID],
    });
    expect(calls(fetch, 'POST', '/api/auth/users')).toHaveLength(0);
  });
});

describe('grinding-admin: location details', () => {
  atDesktopWidth();

  it('shows the employees tab, then the grinding machines tab', async () => {
    fakeGrindingShopServer();
    signIn();
    const { router } = await renderApp({ path: `/grinding-admin/locations/${LOCATION_ID}` });
    expect(await screen.findByRole('heading', { name: 'Schleifwerk Bielefeld' })).toBeInTheDocument();
    expect(await screen.findByText('Tomasz Nowak')).toBeInTheDocument();
    await router.navigate(`/grinding-admin/locations/${LOCATION_ID}?tab=machines`);
    const table = await screen.findByRole('table', { name: 'Grinding machines' });
    expect(within(table).getByText('KOLB-2200-1187')).toBeInTheDocument();
    expect(within(table).getByText('2,200 mm')).toBeInTheDocument();
  });

  it('edits a grinding machine and shows the server’s serial number conflict at the field', async () => {
    const fetch = fakeGrindingShopServer((url, init) =>
      url === `/api/grinding-shop/grinding-machines/${MACHINE_ID}` && init?.method === 'PUT'
        ? jsonResponse(409, { code: 'service.grinding-shops.SERIAL_NUMBER_ALREADY_USED', message: 'x' })
        : undefined,
    );
    signIn();
    await renderApp({ path: `/grinding-admin/locations/${LOCATION_ID}?tab=machines` });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit “Flachschleifer 1”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit grinding machine' });
    await fill(within(dialog).getByLabelText(/^Serial number/), 'KOLB-2200-0001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/grinding-shop/grinding-machines')).toHaveLength(1));
    expect(bodyOf(calls(fetch, 'PUT', '/api/grinding-shop/grinding-machines')[0])).toMatchObject({
      ...{ name: MACHINE.name, manufacturer: 'Kolb', grindingShopId: LOCATION_ID },
      serialNumber: 'KOLB-2200-0001',
      maxKnifeLength: 2200,
    });
    expect(await screen.findByText('This serial number is already in use.')).toBeInTheDocument();
  });

  it('deletes a grinding machine after the confirmation naming it', async () => {
    const fetch = fakeGrindingShopServer((url, init) =>
      url === `/api/grinding-shop/grinding-machines/${MACHINE_ID}` && init?.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    signIn();
    await renderApp({ path: `/grinding-admin/locations/${LOCATION_ID}?tab=machines` });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Flachschleifer 1”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete grinding machine?' });
    expect(confirm).toHaveTextContent('Do you really want to delete “Flachschleifer 1”?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls(fetch, 'DELETE', '/api/grinding-shop/grinding-machines')).toHaveLength(1),
    );
  });
});
