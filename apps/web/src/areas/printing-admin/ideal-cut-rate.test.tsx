import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import { calls, fakePrintingShopServer, LOCATION_ID, MACHINE_ID, signIn } from './test-server';

/** The admin's ideal cut rate of a machine, in the machine's settings (issue 36: OEE's performance). */
const PATH = `/printing-admin/locations/${LOCATION_ID}?tab=machines`;
const RATE_URL = `/api/report/cutting-machines/${MACHINE_ID}/ideal-cut-rate`;
/** The first render loads the area's and the page's chunks: slow on a busy two-core runner. */
const FIRST_RENDER = { timeout: 20_000 };

const AUTOMATIC = {
  machineId: MACHINE_ID,
  configuredCutsPerHour: null,
  cutsPerHour: 240,
  source: 'BEST_HOUR_30_DAYS',
};

/** Answers the rate's GET with `rate` and a PUT with what it set, as the server stores it. */
function rateServer(rate: object = AUTOMATIC, put?: (body: { cutsPerHour: number | null }) => Response) {
  return fakePrintingShopServer((url, init) => {
    if (url !== RATE_URL) return undefined;
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { cutsPerHour: number | null };
      if (put) return put(body);
      return jsonResponse(200, {
        machineId: MACHINE_ID,
        configuredCutsPerHour: body.cutsPerHour,
        cutsPerHour: body.cutsPerHour ?? 240,
        source: body.cutsPerHour === null ? 'BEST_HOUR_30_DAYS' : 'CONFIGURED',
      });
    }
    return jsonResponse(200, rate);
  });
}

async function openRate() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Settings of “Schneider 1”' }, FIRST_RENDER),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Settings of “Schneider 1”' });
  return within(dialog).getByRole('region', { name: 'Ideal cut rate' });
}

const putBodies = (fetch: ReturnType<typeof fakePrintingShopServer>) =>
  calls(fetch, 'PUT', RATE_URL).map(([, init]) => JSON.parse(String(init?.body)));

describe('printing-admin: ideal cut rate', { timeout: 60_000 }, () => {
  it('shows the automatic rate in use, sets an own one with a toast, and goes back to automatic', async () => {
    const fetch = rateServer();
    signIn();
    await renderApp({ path: PATH });
    const region = await openRate();
    expect(await within(region).findByTestId('ideal-rate-in-use')).toHaveTextContent(
      'In use: 240 cuts per hour (best hour, last 30 days).',
    );
    const field = within(region).getByLabelText('Cuts per hour');
    expect(field).toHaveValue('');
    await userEvent.type(field, '1200');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putBodies(fetch)).toEqual([{ cutsPerHour: 1200 }]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(await within(region).findByTestId('ideal-rate-in-use')).toHaveTextContent(
      'In use: 1,200 cuts per hour (configured).',
    );
    // emptied: back to the best hour of the last 30 days
    await userEvent.clear(field);
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putBodies(fetch).at(-1)).toEqual({ cutsPerHour: null }));
    expect(await within(region).findByTestId('ideal-rate-in-use')).toHaveTextContent(
      'best hour, last 30 days',
    );
  });

  it('says a rate out of bounds at the field before sending, and a refusal too', async () => {
    const fetch = rateServer(AUTOMATIC, () =>
      jsonResponse(400, {
        code: 'validation.INVALID_INPUT',
        message: 'x',
        details: { fields: [{ field: 'cutsPerHour', in: 'body', code: 'TOO_BIG', limit: 3600 }] },
      }),
    );
    signIn();
    await renderApp({ path: PATH });
    const region = await openRate();
    const field = await within(region).findByLabelText('Cuts per hour');
    await userEvent.type(field, '5000');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText(/smaller value \(at most 3[,.]?600\)/)).toBeInTheDocument();
    expect(putBodies(fetch)).toEqual([]);
    // the server refuses what the browser let through: under the field as well
    await userEvent.clear(field);
    await userEvent.type(field, '3000');
    expect(within(region).queryByText(/smaller value \(at most 3[,.]?600\)/)).not.toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putBodies(fetch)).toEqual([{ cutsPerHour: 3000 }]));
    expect(await within(region).findByText(/smaller value \(at most 3[,.]?600\)/)).toBeInTheDocument();
  });

  it('says when no rate is known yet', async () => {
    rateServer({ machineId: MACHINE_ID, configuredCutsPerHour: null, cutsPerHour: null, source: 'NONE' });
    signIn();
    await renderApp({ path: PATH });
    const region = await openRate();
    expect(await within(region).findByTestId('ideal-rate-in-use')).toHaveTextContent(
      /In use: none yet .* not measured/,
    );
  });
});
