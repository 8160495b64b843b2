import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { calls, fakeServiceServer, MACHINE, signIn } from './test-server';

// Lazy chunks on a shared, busy runner take a while.
vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 30_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});

describe('customer service', () => {
  it('home: nothing selected; the search says when nothing matches', async () => {
    fakeServiceServer();
    signIn();
    await renderApp({ path: '/service' });
    expect(await screen.findByText('No client or machine selected')).toBeInTheDocument();
    const search = screen.getByRole('combobox', { name: 'Search clients, machines and serial numbers' });
    await userEvent.type(search, 'NL-1');
    expect(await screen.findByText('No results, please adjust your search.')).toBeInTheDocument();
  });

  it('clients list with machines online', async () => {
    fakeServiceServer();
    signIn();
    await renderApp({ path: '/service/tenants' });
    expect(await screen.findByText('Druckhaus Alpenblick GmbH')).toBeInTheDocument();
    expect(screen.getByText('Druckerei Beispiel GmbH')).toBeInTheDocument();
  });

  it('the CSV export asks in the dialect of the user’s language', async () => {
    const fetch = fakeServiceServer(undefined, (url) =>
      url.startsWith('/api/customer-service/reports/csv-export')
        ? new Response('\uFEFFcustomer;machine\r\n', { status: 200, headers: { 'content-type': 'text/csv' } })
        : undefined,
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    signIn();
    await renderApp({ path: '/service/reports', locale: 'de' });
    await userEvent.click(await screen.findByRole('button', { name: 'Alle Mandanten exportieren' }));
    await waitFor(() =>
      expect(calls(fetch, 'GET', '/api/customer-service/reports/csv-export')).toHaveLength(1),
    );
    expect(calls(fetch, 'GET', '/api/customer-service/reports/csv-export')[0]!.url).toContain('lang=GERMAN');
  });

  it('machines seen offline come back as running without a reload (the list asks again)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // the site's network is gone for a moment: the server says OFFLINE, then the machine runs again
      let machine = { ...MACHINE, onlineStatus: 'OFFLINE' };
      const fetch = fakeServiceServer(undefined, (url) =>
        url.startsWith('/api/customer-service/cutting-machines')
          ? new Response(JSON.stringify([machine]), { headers: { 'content-type': 'application/json' } })
          : undefined,
      );
      signIn();
      await renderApp({ path: '/service/machines' });
      expect(await screen.findByText('Offline')).toBeInTheDocument();
      const asked = calls(fetch, 'GET', '/api/customer-service/cutting-machines').length;
      machine = { ...MACHINE, onlineStatus: 'ONLINE', status: 'RUNNING' };
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByText('Running')).toBeInTheDocument();
      expect(screen.queryByText('Offline')).not.toBeInTheDocument();
      expect(calls(fetch, 'GET', '/api/customer-service/cutting-machines').length).toBeGreaterThan(asked);
    } finally {
      vi.useRealTimers();
    }
  });
});
