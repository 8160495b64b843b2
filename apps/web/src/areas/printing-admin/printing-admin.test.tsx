import type { MachineStatusView } from '@kerf/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeLiveServer } from '../../test/live-server';
import { machineView } from '../../test/machine-view';
import { jsonResponse, renderApp } from '../../test/render';
import {
  calls,
  EMPLOYEE,
  fakePrintingShopServer,
  LOCATION,
  LOCATION_ID,
  MACHINE,
  MACHINE_ID,
  signIn,
  USER_ID,
} from './test-server';

/** Types a whole value at once (a big dialog re-renders on each key; one paste keeps the test quick). */
async function fill(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  await userEvent.click(element);
  await userEvent.paste(text);
}

const invalidInput = (field: string, code: string) =>
  jsonResponse(400, {
    code: 'validation.INVALID_INPUT',
    message: 'x',
    details: { fields: [{ field, in: 'body', code }] },
  });

/**
 * The test setup's matchMedia describes a phone, where tables hide their low-priority columns
 * (addresses, pseudonyms): these screens are checked at desktop width, where every column shows.
 */
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

describe('printing-admin: locations', () => {
  atDesktopWidth();

  it('the overview asks the server for the chosen sort and view', async () => {
    const fetch = fakePrintingShopServer();
    signIn();
    await renderApp({ path: '/printing-admin/locations' });
    const table = await screen.findByRole('table', { name: 'Locations' });
    expect(within(table).getByText('Werk Nord')).toBeInTheDocument();
    expect(within(table).getByText('Industriestraße 12, 20457 Hamburg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('columnheader', { name: 'Machines' }));
    await waitFor(() =>
      expect(
        calls(fetch, 'GET', '/api/printing-shop/printing-shops?').map(([url]) => String(url)),
      ).toContainEqual(expect.stringContaining('sort=NUMBER_OF_MACHINES&sort_direction=ASCENDING')),
    );
    await userEvent.click(screen.getByText('With uptime'));
    expect(await screen.findByRole('columnheader', { name: 'Uptime (24 h)' })).toBeInTheDocument();
    expect(String(calls(fetch, 'GET', '/api/printing-shop/printing-shops?').at(-1)?.[0])).toContain(
      'view=WITH_UPTIME',
    );
  });

  it('the location dialog shows the contract field errors, then the server field errors', async () => {
    const fetch = fakePrintingShopServer((url, init) =>
      url === '/api/printing-shop/printing-shops' && init?.method === 'POST'
        ? invalidInput('zip', 'NO_SPECIAL_CHARACTERS')
        : undefined,
    );
    signIn();
    await renderApp({ path: '/printing-admin/locations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create location' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/printing-shop/printing-shops')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Werk West');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('No special characters allowed')).toBeInTheDocument();
    const body = JSON.parse(String(calls(fetch, 'POST', '/api/printing-shop/printing-shops')[0]?.[1]?.body));
    expect(body).toMatchObject({ name: 'Werk West', country: 'DE', street: null, knifeSwapInterval: null });
  });

  it('a delete is confirmed first, naming the location; cancelling sends nothing', async () => {
    // an empty location: nothing blocks its delete
    const empty = { ...LOCATION, numberOfMachines: 0, numberOfEmployees: 0 };
    const fetch = fakePrintingShopServer((url, init) =>
      url.startsWith('/api/printing-shop/printing-shops?') && (init?.method ?? 'GET') === 'GET'
        ? jsonResponse(200, { items: [empty], page: 0, pageSize: 20, total: 1 })
        : undefined,
    );
    signIn();
    await renderApp({ path: '/printing-admin/locations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Werk Nord”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete location?' });
    expect(dialog).toHaveTextContent('Do you really want to delete “Werk Nord”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetch, 'DELETE', '/api/printing-shop/printing-shops')).toHaveLength(0);
  });

  it('a delete the page knows is blocked says why before asking, and sends nothing (product.md §5)', async () => {
    const fetch = fakePrintingShopServer();
    signIn();
    await renderApp({ path: '/printing-admin/locations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Werk Nord”' }));
    const blocked = await screen.findByRole('dialog', { name: '“Werk Nord” cannot be deleted' });
    expect(blocked).toHaveTextContent('Employees still assigned: 1.');
    expect(blocked).toHaveTextContent('Machines still assigned: 1.');
    expect(screen.queryByRole('dialog', { name: 'Delete location?' })).toBeNull();
    expect(calls(fetch, 'DELETE', '/api/printing-shop/printing-shops')).toHaveLength(0);
  });

  it('a delete the server refuses (assigned meanwhile) explains why and what to do first', async () => {
    const empty = { ...LOCATION, numberOfMachines: 0, numberOfEmployees: 0 };
    fakePrintingShopServer((url, init) =>
      url === `/api/printing-shop/printing-shops/${LOCATION_ID}` && init?.method === 'DELETE'
        ? jsonResponse(409, { code: 'service.printing-shops.PRINTING_SHOP_HAS_MACHINES', message: 'x' })
        : url.startsWith('/api/printing-shop/printing-shops?') && (init?.method ?? 'GET') === 'GET'
          ? jsonResponse(200, { items: [empty], page: 0, pageSize: 20, total: 1 })
          : undefined,
    );
    signIn();
    await renderApp({ path: '/printing-admin/locations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Werk Nord”' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Delete location?' });
    await userEvent.click(within(confirmDialog).getByRole('button', { name: 'Delete' }));
    const blocked = await screen.findByRole('dialog', { name: '“Werk Nord” cannot be deleted' });
    expect(blocked).toHaveTextContent(
      'Machines are still assigned to this location. Move or remove them first.',
    );
    expect(blocked).toHaveTextContent('service.printing-shops.PRINTING_SHOP_HAS_MACHINES');
  });
});

describe('printing-admin: machine dialog', () => {
  it('checks the static IP configuration with the contract, and shows serial and phone errors from the server', {
    timeout: 60_000,
  }, async () => {
    let answer = jsonResponse(409, { code: 'service.printing-shops.SERIAL_NUMBER_NOT_FREE', message: 'x' });
    const fetch = fakePrintingShopServer((url, init) =>
      url === '/api/printing-shop/cutting-machines' && init?.method === 'POST' ? answer : undefined,
    );
    signIn();
    await renderApp({ path: `/printing-admin/locations/${LOCATION_ID}?tab=machines` });
    await userEvent.click(await screen.findByRole('button', { name: 'Add machine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create installed machine' });
    await fill(within(dialog).getByLabelText(/^Name/), 'Schneider 9');
    await fill(within(dialog).getByLabelText(/^Serial number/), 'PM-115-0001');
    await userEvent.click(within(dialog).getByText('Static'));
    await fill(within(dialog).getByLabelText(/^IP address/), '10.0.0.0');
    await fill(within(dialog).getByLabelText(/^Subnet mask/), '255.255.255.0');
    await fill(within(dialog).getByLabelText(/^Gateway/), '10.0.0.1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid IP configuration')).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/printing-shop/cutting-machines')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText(/^IP address/));
    await fill(within(dialog).getByLabelText(/^IP address/), '10.0.0.20');
    await fill(within(dialog).getByLabelText('Contact phone'), '+49 12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Unknown number format: please check the country and the number.'),
    ).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Contact phone'));
    await fill(within(dialog).getByLabelText('Contact phone'), '040 123456789');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This serial number already exists.')).toBeInTheDocument();
    const body = JSON.parse(
      String(calls(fetch, 'POST', '/api/printing-shop/cutting-machines')[0]?.[1]?.body),
    );
    expect(body).toMatchObject({
      printingShopId: LOCATION_ID,
      network: { connection: 'ETHERNET', addressMode: 'STATIC', ipAddress: '10.0.0.20', gateway: '10.0.0.1' },
      networkContact: { phone: '+49 40 123456789' },
    });
    expect(body.network).not.toHaveProperty('password');

    answer = invalidInput('networkContact.phone', 'INVALID_PHONE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Unknown number format: please check the country and the number.'),
    ).toBeInTheDocument();
  });
});

describe('printing-admin: machine WLAN settings', () => {
  it('asks for network name and security, and keeps a stored password unless a new one is typed', async () => {
    const fetch = fakePrintingShopServer((url, init) =>
      url === `/api/printing-shop/cutting-machines/${MACHINE_ID}` && init?.method === 'PUT'
        ? jsonResponse(200, MACHINE)
        : undefined,
    );
    signIn();
    await renderApp({ path: `/printing-admin/locations/${LOCATION_ID}?tab=machines` });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit “Schneider 1”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit machine' });
    expect(within(dialog).getByLabelText(/^IP address/)).toHaveValue('192.168.1.20');
    await userEvent.click(within(dialog).getByText('WLAN'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('Required')).length).toBeGreaterThanOrEqual(2);
    expect(calls(fetch, 'PUT', '/api/printing-shop/cutting-machines/')).toHaveLength(0);
    await userEvent.click(within(dialog).getByText('Ethernet'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/printing-shop/cutting-machines/')).toHaveLength(1));
    const body = JSON.parse(
      String(calls(fetch, 'PUT', '/api/printing-shop/cutting-machines/')[0]?.[1]?.body),
    );
    expect(body.network).not.toHaveProperty('password');
    expect(body.network).toMatchObject({ connection: 'ETHERNET', networkName: null, security: null });
  });
});

describe('printing-admin: employees', () => {
  atDesktopWidth();

  it('shows the pseudonym fallback; a new employee needs a password by the rule and gets the location', async () => {
    const fetch = fakePrintingShopServer((url, init) => {
      if (url === '/api/auth/users' && init?.method === 'POST')
        return jsonResponse(201, {
          ...JSON.parse(String(init.body)),
          id: USER_ID,
          tenantId: USER_ID,
          language: 'ENGLISH',
          active: true,
          createdAt: '2026-11-21T09:00:00.000Z',
          updatedAt: '2026-11-21T09:00:00.000Z',
          email: null,
          displayName: null,
          personnelNumber: null,
        });
      if (url === `/api/printing-shop/users/${USER_ID}/printing-shops`)
        return jsonResponse(200, { ...EMPLOYEE, username: 'max' });
      return undefined;
    });
    signIn();
    await renderApp({ path: `/printing-admin/locations/${LOCATION_ID}` });
    const table = await screen.findByRole('table', { name: 'Employees' });
    expect(within(table).getByText('Erika Muster')).toBeInTheDocument();
    expect(within(table).getByText('No pseudonym')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Max');
    await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Mustermann');
    await userEvent.type(within(dialog).getByLabelText(/^Username/), 'max');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The password needs at least 8 characters.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^Password/));
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Schnitt-2026!x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add employee' })).toBeNull());
    const user = JSON.parse(String(calls(fetch, 'POST', '/api/auth/users')[0]?.[1]?.body));
    expect(user).toMatchObject({
      username: 'max',
      email: null,
      displayName: null,
      role: 'PRINTING_SHOP_OPERATOR',
    });
    const assignment = calls(fetch, 'PUT', `/api/printing-shop/users/${USER_ID}/printing-shops`)[0]?.[1]
      ?.body;
    expect(JSON.parse(String(assignment))).toEqual({ printingShopIds: [LOCATION_ID] });
  });
});

describe('printing-admin: dashboard', () => {
  it('shows licensing with money in EUR, the live machine state and the network admin; licensing and ordering a machine are two flows in the app', async () => {
    fakePrintingShopServer();
    signIn();
    await renderApp({ path: '/printing-admin/machines' });
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(screen.getByText('Stefan Krause')).toBeInTheDocument();
    expect(screen.getByText(/^Live/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add machine' }));
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual([
      'Create installed machine',
      'License new machine',
      'Register new machine',
    ]);
    // registering a new machine is the order inside the app; licensing one opens its own dialog
    expect(items[2]).toHaveAttribute('href', '/printing-admin/machines/order');
    expect(items[1]).not.toHaveAttribute('href');
    // the licence ordered with a machine that awaits installation, with its date and invoice
    expect(screen.getByTestId('awaiting-installation-value')).toHaveTextContent('1');
    expect(screen.getByText('RE-2026-001002')).toBeInTheDocument();
    expect(screen.getByTestId('annual-cost-value')).toHaveTextContent('900.00 EUR');
    await userEvent.click(items[1]!);
    expect(await screen.findByText('Every machine has a licence')).toBeInTheDocument();
  });
});

describe('printing-admin: dashboard live updates', () => {
  atDesktopWidth();

  it('subscribes per machine; cuts, a status change and the connection show without reloading, no polling', async () => {
    const fetch = fakePrintingShopServer();
    signIn();
    const { live } = await renderApp({ path: '/printing-admin/machines' });
    expect(await screen.findByText('Running')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        live
          .subscriptions()
          .filter((s) => !s.startsWith('NOTIFICATION/'))
          .sort(),
      ).toEqual([
        `MACHINE_CUT/${MACHINE_ID}`,
        `MACHINE_ONLINE_STATUS/${MACHINE_ID}`,
        `MACHINE_STATUS/${MACHINE_ID}`,
        `OPERATOR_MACHINE_USE/${MACHINE_ID}`,
      ]),
    );
    const view = calls(fetch, 'GET', '/api/printing-shop/cutting-machines/admin-view');
    expect(String(view[0]?.[0])).toMatch(/\?timeZone=\w+/);
    const row = screen.getByRole('row', { name: /Schneider 1/ });
    // the counters of the admin view, before any live event
    expect(within(row).getByTestId('total-cuts')).toHaveTextContent('10');
    expect(within(row).getByTestId('cuts-today')).toHaveTextContent('Today: 4');
    // every machine event carries the machine's whole view: the row shows it as it is
    let revision = 10;
    const next = (change: Partial<MachineStatusView>) => {
      revision += 1;
      return machineView(MACHINE_ID, { revision, totalCuts: 12_034, cutsToday: 12_028, ...change });
    };
    const cut = next({});
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut));
    await waitFor(() => expect(within(row).getByTestId('total-cuts')).toHaveTextContent('12,034'));
    expect(within(row).getByTestId('cuts-today')).toHaveTextContent('Today: 12,028');
    // the same view again (a replay) and an older one arriving late change nothing
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut));
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, { ...cut, revision: 3, totalCuts: 11, cutsToday: 1 }));
    expect(within(row).getByTestId('total-cuts')).toHaveTextContent('12,034');
    expect(within(row).getByTestId('cuts-today')).toHaveTextContent('Today: 12,028');
    act(() => live.publish('MACHINE_STATUS', MACHINE_ID, next({ status: 'BREAK', statusGroup: 'IDLE' })));
    expect(await within(row).findByText('Break')).toBeInTheDocument();
    const online = (onlineStatus: MachineStatusView['onlineStatus']) =>
      next({ status: 'BREAK', statusGroup: 'IDLE', onlineStatus });
    act(() => live.publish('MACHINE_ONLINE_STATUS', MACHINE_ID, online('OFFLINE')));
    expect(await within(row).findByText('Offline')).toBeInTheDocument();
    act(() => live.publish('MACHINE_ONLINE_STATUS', MACHINE_ID, online('CONNECTING')));
    expect(await within(row).findByText('Connecting')).toBeInTheDocument();
    act(() => live.publish('MACHINE_ONLINE_STATUS', MACHINE_ID, online('ONLINE')));
    expect(await within(row).findByText('Break')).toBeInTheDocument();
    // data that does not match the type's contract is ignored
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, { ...next({}), totalCuts: 'many' }));
    act(() => live.publish('MACHINE_ONLINE_STATUS', MACHINE_ID, { ...next({}), onlineStatus: 'ASLEEP' }));
    expect(within(row).getByTestId('total-cuts')).toHaveTextContent('12,034');
    expect(within(row).getByText('Break')).toBeInTheDocument();
    expect(calls(fetch, 'GET', '/api/printing-shop/cutting-machines/admin-view')).toHaveLength(1);
    // while live, the views come with the events only: no read per machine
    expect(calls(fetch, 'GET', `/api/printing-shop/cutting-machines/${MACHINE_ID}/status-view`)).toHaveLength(
      0,
    );
    expect(screen.getByTestId('live-state')).toHaveAttribute('data-live', 'true');
  });

  it("shows the view the server replays on subscribe, with the shop's day when its zone differs", async () => {
    fakePrintingShopServer();
    signIn();
    const live = createFakeLiveServer();
    // the machine's last view, published before the page opened: the subscription replays it
    const shopMidnight = new Date(Date.parse(machineView(MACHINE_ID).dayStartedAt) - 3 * 3_600_000);
    live.publish(
      'MACHINE_STATUS',
      MACHINE_ID,
      machineView(MACHINE_ID, {
        revision: 7,
        status: 'KNIFE_SWAP',
        statusGroup: 'SETUP',
        totalCuts: 2_500,
        cutsToday: 40,
        dayStartedAt: shopMidnight.toISOString(),
      }),
    );
    await renderApp({ path: '/printing-admin/machines', live });
    const row = await screen.findByRole('row', { name: /Schneider 1/ });
    expect(await within(row).findByText('Knife change')).toBeInTheDocument();
    expect(within(row).getByTestId('total-cuts')).toHaveTextContent('2,500');
    expect(within(row).getByTestId('cuts-today')).toHaveTextContent('Today: 40');
    expect(within(row).getByTestId('cuts-today-shop-day')).toHaveTextContent("Shop's day since");
  });

  it('says plainly when the socket is down, and reads the state again once it is back', async () => {
    const fetch = fakePrintingShopServer();
    signIn();
    const { live } = await renderApp({ path: '/printing-admin/machines' });
    await waitFor(() =>
      expect(live.subscriptions().filter((s) => !s.startsWith('NOTIFICATION/'))).toHaveLength(4),
    );
    act(() => live.drop());
    expect(await screen.findByText(/cannot be updated right now/, {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByTestId('live-state')).toHaveTextContent('Not up to date');
    // while the socket stays down the machines' views are read over HTTP, and the dot says how old they are
    await waitFor(() =>
      expect(
        calls(fetch, 'GET', `/api/printing-shop/cutting-machines/${MACHINE_ID}/status-view`).length,
      ).toBeGreaterThan(0),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('live-state')).getByTestId('age')).toBeInTheDocument(),
    );
    live.restore();
    await waitFor(() => expect(screen.getByTestId('live-state')).toHaveAttribute('data-live', 'true'), {
      timeout: 3000,
    });
    await waitFor(() =>
      expect(calls(fetch, 'GET', '/api/printing-shop/cutting-machines/admin-view')).toHaveLength(2),
    );
    expect(screen.queryByText(/cannot be updated right now/)).not.toBeInTheDocument();
  }, 15_000);
});

describe('printing-admin: machine settings', () => {
  it('sets the knife swap interval on a machine as config option, showing what it inherits', async () => {
    const options = {
      KNIFE_SWAP_INTERVAL: { value: null, effective: 3000, source: 'DEFAULT' },
      NO_CUTS_PROMPT_DELAY: { value: null, effective: 10, source: 'PRINTING_SHOP' },
    };
    const fetch = fakePrintingShopServer((url) => {
      if (url === `/api/printing-shop/cutting-machines/${MACHINE_ID}/options`)
        return jsonResponse(200, options);
      if (url.startsWith('/api/printing-shop/config-options/'))
        return jsonResponse(200, {
          ...options,
          KNIFE_SWAP_INTERVAL: { value: 5000, effective: 5000, source: 'MACHINE' },
        });
      return undefined;
    });
    signIn();
    await renderApp({ path: `/printing-admin/locations/${LOCATION_ID}?tab=machines` });
    await userEvent.click(await screen.findByRole('button', { name: 'Settings of “Schneider 1”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of “Schneider 1”' });
    const knife = within(dialog).getByRole('region', { name: 'Knife swap interval' });
    expect(await within(knife).findByText('Applies: 3,000 cuts (default)')).toBeInTheDocument();
    await userEvent.type(within(knife).getByLabelText('Own value'), '5000');
    await userEvent.click(within(knife).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        calls(
          fetch,
          'PUT',
          `/api/printing-shop/config-options/scope/MACHINE/type/KNIFE_SWAP_INTERVAL/object/${MACHINE_ID}`,
        ),
      ).toHaveLength(1),
    );
    const body = calls(fetch, 'PUT', '/api/printing-shop/config-options/')[0]?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ value: 5000 });
  });

  it('sets the no-cuts prompt delay in minutes, checking its bounds before sending', async () => {
    const options = {
      KNIFE_SWAP_INTERVAL: { value: null, effective: 3000, source: 'DEFAULT' },
      NO_CUTS_PROMPT_DELAY: { value: null, effective: 10, source: 'PRINTING_SHOP' },
    };
    const fetch = fakePrintingShopServer((url) => {
      if (url === `/api/printing-shop/cutting-machines/${MACHINE_ID}/options`)
        return jsonResponse(200, options);
      if (url.startsWith('/api/printing-shop/config-options/'))
        return jsonResponse(200, {
          ...options,
          NO_CUTS_PROMPT_DELAY: { value: 15, effective: 15, source: 'MACHINE' },
        });
      return undefined;
    });
    signIn();
    await renderApp({ path: `/printing-admin/locations/${LOCATION_ID}?tab=machines` });
    await userEvent.click(await screen.findByRole('button', { name: 'Settings of “Schneider 1”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of “Schneider 1”' });
    const prompt = within(dialog).getByRole('region', { name: 'No-cuts prompt' });
    expect(
      await within(prompt).findByText('Applies: after 10 minutes (set on the location)'),
    ).toBeInTheDocument();
    const input = within(prompt).getByLabelText('Own value');
    await fill(input, '0');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Save' }));
    expect(await within(prompt).findByText(/at least 1/i)).toBeInTheDocument();
    await fill(input, '121');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Save' }));
    expect(await within(prompt).findByText(/at most 120/i)).toBeInTheDocument();
    expect(calls(fetch, 'PUT', '/api/printing-shop/config-options/')).toHaveLength(0);
    await fill(input, '15');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        calls(
          fetch,
          'PUT',
          `/api/printing-shop/config-options/scope/MACHINE/type/NO_CUTS_PROMPT_DELAY/object/${MACHINE_ID}`,
        ),
      ).toHaveLength(1),
    );
    const body = calls(fetch, 'PUT', '/api/printing-shop/config-options/')[0]?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ value: 15 });
  });

  it('shows both settings on the location', async () => {
    fakePrintingShopServer();
    signIn();
    await renderApp({ path: `/printing-admin/locations/${LOCATION_ID}` });
    const prompt = await screen.findByRole('region', { name: 'No-cuts prompt' });
    expect(
      await within(prompt).findByText('Applies: after 10 minutes (set on the location)'),
    ).toBeInTheDocument();
    expect(within(prompt).getByLabelText('Own value')).toHaveValue('10');
    expect(screen.getByRole('region', { name: 'Knife swap interval' })).toBeInTheDocument();
  });
});
