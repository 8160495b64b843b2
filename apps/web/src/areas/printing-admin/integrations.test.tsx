import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { calls, fakePrintingShopServer, type Handler, signIn } from './test-server';

const NOW = '2026-11-21T09:00:00.000Z';
const KEY = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'ERP (SAP Business One)',
  prefix: 'kerf_0000000000004000800000000000000_abcdefgh',
  scopes: ['machines:read', 'orders:write'],
  createdAt: NOW,
  createdBy: { id: '00000000-0000-4000-8000-000000000001', displayName: 'Anna Becker' },
  lastUsedAt: NOW,
  revokedAt: null,
};
const HOOK = {
  id: '55555555-5555-4555-8555-555555555555',
  url: 'https://erp.example.com/kerf',
  events: ['ORDER_CLOSED'],
  description: 'ERP',
  createdAt: NOW,
  recent: { delivered: 3, pending: 1, failed: 0 },
};
const DELIVERY = {
  id: '66666666-6666-4666-8666-666666666666',
  event: 'ORDER_CLOSED',
  status: 'PENDING',
  attempts: 2,
  responseCode: 503,
  lastError: 'HTTP 503',
  nextAttemptAt: NOW,
  deliveredAt: null,
  createdAt: NOW,
  payload: {},
};

const TEAM_ID = '88888888-8888-4888-8888-888888888888';

const integrations: Handler = (url, init) => {
  const method = init?.method ?? 'GET';
  const ps = '/api/printing-shop';
  if (url === `${ps}/api-keys` && method === 'GET') return jsonResponse(200, [KEY]);
  if (url === `${ps}/api-keys` && method === 'POST')
    return jsonResponse(201, {
      ...KEY,
      id: '77777777-7777-4777-8777-777777777777',
      name: 'BDE',
      key: 'kerf_secret_once',
    });
  if (url === `${ps}/api-keys/${KEY.id}` && method === 'DELETE') return new Response(null, { status: 204 });
  if (url === `${ps}/webhooks`) return jsonResponse(200, [HOOK]);
  if (url.startsWith(`${ps}/webhooks/${HOOK.id}/deliveries`)) return jsonResponse(200, [DELIVERY]);
  if (url === `${ps}/works-council-mode` && method === 'GET')
    return jsonResponse(200, { enabled: false, mode: 'PSEUDONYMS', changedAt: null, changedBy: null });
  if (url === `${ps}/works-council-mode` && method === 'PUT')
    return jsonResponse(200, {
      enabled: true,
      mode: 'PSEUDONYMS',
      changedAt: NOW,
      changedBy: { id: KEY.createdBy.id, displayName: 'Anna Becker' },
    });
  if (url.startsWith(`${ps}/manufacturer-accesses`)) return jsonResponse(200, []);
  if (url === `${ps}/teams` && method === 'GET')
    return jsonResponse(200, [{ id: TEAM_ID, name: 'Early shift', memberIds: [] }]);
  if (url.startsWith(`${ps}/users?`))
    return jsonResponse(200, { items: [], page: 0, pageSize: 1000, total: 0 });
  if (url === `${ps}/orders/import-csv` && method === 'POST') {
    const csv = String(JSON.parse(String(init?.body)).csv);
    if (csv.includes('NO-SUCH'))
      return jsonResponse(400, {
        code: 'validation.INVALID_INPUT',
        message: 'invalid',
        details: { fields: [{ field: 'rows.3.machine_serial', in: 'body', code: 'NOT_FOUND' }] },
      });
    return jsonResponse(200, {
      created: 1,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      rows: [
        { row: 2, orderNumber: 'SO-1', outcome: 'CREATED', orderId: KEY.id, state: 'PLANNED' },
        { row: 3, orderNumber: 'SO-2', outcome: 'SKIPPED_STARTED', orderId: HOOK.id, state: 'CLOSED' },
      ],
    });
  }
  if (url.startsWith(`${ps}/support-accesses`))
    return jsonResponse(200, { items: [], page: 0, pageSize: 10, total: 0 });
  return undefined;
};

describe('printing admin: integrations', { timeout: 60_000 }, () => {
  it('has no raw strings', async () => {
    fakePrintingShopServer(integrations);
    signIn();
    await renderApp(pseudoLocale()('/printing-admin/integrations'));
    await screen.findByText('ERP (SAP Business One)', {}, { timeout: 20_000 });
    await screen.findByText('https://erp.example.com/kerf', {}, { timeout: 20_000 });
    expect(untranslatedTexts()).toEqual([]);
  });

  it('creates an API key and shows it once, revokes one after asking', async () => {
    const fetch = fakePrintingShopServer(integrations);
    signIn();
    await renderApp({ path: '/printing-admin/integrations' });
    await screen.findByText('ERP (SAP Business One)', {}, { timeout: 20_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(/required|at least/i)).not.toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'BDE');
    await userEvent.click(within(dialog).getByLabelText('Create and close orders'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('secret-once')).toHaveTextContent('kerf_secret_once');
    expect(JSON.parse(String(calls(fetch, 'POST', '/api/printing-shop/api-keys')[0]![1]!.body))).toEqual({
      name: 'BDE',
      scopes: ['orders:write'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke “ERP (SAP Business One)”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls(fetch, 'DELETE', `/api/printing-shop/api-keys/${KEY.id}`)).toHaveLength(1),
    );
  });

  it("shows a webhook's delivery log", async () => {
    fakePrintingShopServer(integrations);
    signIn();
    await renderApp({ path: '/printing-admin/integrations' });
    await screen.findByText('https://erp.example.com/kerf', {}, { timeout: 20_000 });
    await userEvent.click(
      screen.getByRole('button', { name: 'Delivery log of https://erp.example.com/kerf' }),
    );
    const log = await screen.findByRole('dialog', { name: 'Delivery log' });
    expect(await within(log).findByText('Retrying')).toBeInTheDocument();
    expect(within(log).getByText('503')).toBeInTheDocument();
  });

  it('switches works-council mode on only after a confirmation', async () => {
    const fetch = fakePrintingShopServer(integrations);
    signIn();
    await renderApp({ path: '/printing-admin/access' });
    const toggle = await screen.findByRole('switch', { name: 'Works-council mode' }, { timeout: 20_000 });
    await userEvent.click(toggle);
    const confirm = await screen.findByRole('dialog', { name: 'Switch works-council mode on?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Switch on' }));
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/printing-shop/works-council-mode')).toHaveLength(1));
    expect(await screen.findByText('On: only pseudonyms')).toBeInTheDocument();
  });

  it("imports an ERP CSV: every problem by line and column, or each order's outcome", async () => {
    const fetch = fakePrintingShopServer(integrations);
    signIn();
    await renderApp({ path: '/printing-admin/integrations' });
    await screen.findByLabelText('CSV file', {}, { timeout: 20_000 });
    // Mantine's file input is a button in front of a hidden <input type="file">
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const bad = 'order_number,name,machine_serial\nSO-1,Flyer,PM-1\nSO-2,Poster,NO-SUCH';
    await userEvent.upload(input, new File([bad], 'plan.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const problems = await screen.findByTestId('order-import-problems');
    expect(within(problems).getByText('Nothing was imported')).toBeInTheDocument();
    expect(within(problems).getByText('machine_serial')).toBeInTheDocument();
    expect(within(problems).getByText('Not found (or not one of yours)')).toBeInTheDocument();
    expect(
      JSON.parse(String(calls(fetch, 'POST', '/api/printing-shop/orders/import-csv')[0]![1]!.body)),
    ).toEqual({
      csv: bad,
    });

    const good = 'order_number,name,machine_serial\nSO-1,Flyer,PM-1\nSO-2,Poster,PM-1';
    await userEvent.upload(input, new File([good], 'plan.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const result = await screen.findByTestId('order-import-result');
    expect(within(result).getByText('Created')).toBeInTheDocument();
    expect(within(result).getByText('Already started – left as it is')).toBeInTheDocument();
    expect(screen.queryByTestId('order-import-problems')).toBeNull();
  });
});
