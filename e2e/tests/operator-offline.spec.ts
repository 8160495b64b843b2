import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { journeyOperator, PASSWORD, screenshotPath } from './support';

/**
 * The terminal without a network (issue 33, ADR 0024), at 1024×768: signed in and at its machine,
 * the connection drops before any other page was opened; an interruption, a support time, a knife
 * change and a new order are recorded, the page is reloaded and the tab closed and opened again —
 * all offline, never an error screen — and when the connection is back every input reaches the
 * server once, in order, each status with the time it was chosen.
 */
const SERIAL = 'PM-115-0002';
const MACHINE = 'Schneider 2';
const ORDER_PREFIX = 'E2E Offline';
const API = '/api/printing-shop';

test.use({ viewport: { width: 1024, height: 768 } });

/** This attempt's operator account (the demo operator's current machine belongs to other journeys). */
let operator: string | undefined;

async function bearer(page: Page, username = operator ?? 'operator') {
  const response = await page.request.post('/api/auth/auth/login', {
    data: { tenant: 'demo', username, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).bearerToken}` };
}

interface SelectionMachine {
  machineId: string;
  serialNumber: string;
  status: string | null;
  isCurrent: boolean;
}

/** The machine as a first attempt finds it: no open order of ours, paused, released. */
async function reset(page: Page) {
  const headers = await bearer(page);
  const machines = (await (
    await page.request.get(`${API}/cutting-machines/operator-selection-view`, { headers })
  ).json()) as SelectionMachine[];
  const machine = machines.find((m) => m.serialNumber === SERIAL)!;
  expect(
    (
      await page.request.put(`${API}/users/self/current-machine`, {
        headers,
        data: { machineId: machine.machineId },
      })
    ).ok(),
  ).toBe(true);
  const orders = (await (
    await page.request.get(`${API}/cutting-machines/${machine.machineId}/orders`, { headers })
  ).json()) as { id: string; state: string }[];
  for (const order of orders.filter((o) => o.state === 'OPEN'))
    expect((await page.request.delete(`${API}/orders/${order.id}`, { headers })).ok()).toBe(true);
  if (machine.status !== null && machine.status !== 'PAUSED') {
    const paused = await page.request.put(`${API}/cutting-machines/${machine.machineId}/status`, {
      headers,
      data: { value: 'PAUSED' },
    });
    expect(paused.ok()).toBe(true);
  }
  expect(
    (
      await page.request.delete(`${API}/users/self/current-machine/${machine.machineId}`, { headers })
    ).status(),
  ).toBe(204);
  return { machineId: machine.machineId, headers };
}

/**
 * Offline for the page and for its service worker: Chromium's offline emulation does not reach a
 * worker's own requests (microsoft/playwright#2311), so those are cut here as well.
 */
async function setOffline(context: BrowserContext, offline: boolean) {
  if (offline) {
    await context.setOffline(true);
    await context.route('**/*', (route) =>
      route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback(),
    );
  } else {
    await context.unrouteAll();
    await context.setOffline(false);
  }
}

const status = (page: Page) => page.getByTestId('terminal-status-label');

// The machine is left to the next journey without a current operator.
test.afterEach(async ({ request }) => {
  if (!operator) return;
  const login = await request.post('/api/auth/auth/login', {
    data: { tenant: 'demo', username: operator, password: PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).bearerToken}` };
  const machines = (await (
    await request.get(`${API}/cutting-machines/operator-selection-view`, { headers })
  ).json()) as SelectionMachine[];
  for (const machine of machines.filter((m) => m.isCurrent))
    await request.delete(`${API}/users/self/current-machine/${machine.machineId}`, { headers });
});

/** No crash panel and no browser error page: the terminal itself, with its offline banner. */
async function expectTerminal(page: Page, waiting: number) {
  // a page opened anew starts the idle service worker first: slower than a step on the open page
  await expect(page.getByRole('heading', { level: 1, name: MACHINE })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('offline-banner')).toContainText(`Waiting: ${waiting}`);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
}

test('the terminal works offline: inputs, reload and a new tab, then everything arrives once and in order', async ({
  page: first,
  context,
}) => {
  test.setTimeout(300_000);
  operator = await journeyOperator(first.request, 'offline');
  const { machineId, headers } = await reset(first);
  const order = `${ORDER_PREFIX} ${Date.now()}`;
  let page = first;

  await page.goto('/operator');
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await page.getByLabel('Client').fill('demo');
  await page.getByLabel('Username').fill(operator);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: `Work at ${MACHINE}` }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: MACHINE })).toBeVisible({ timeout: 30_000 });
  // the terminal installs as an app: its manifest starts it full screen, with icons that load
  const manifest = await (await page.request.get('/operator.webmanifest')).json();
  expect(manifest).toMatchObject({ start_url: '/operator', display: 'fullscreen' });
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type'], icon.src).toContain(icon.type);
  }
  // the terminal's shell is kept by its service worker, which controls the page once installed
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });

  await setOffline(context, true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  const chosen: { status: string; at: number }[] = [];
  const choose = async (
    button: string,
    dialog: string | null,
    reason: string | null,
    expected: string,
    value: string,
  ) => {
    await page.getByRole('button', { name: button, exact: true }).click();
    if (dialog && reason)
      await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: reason }).click();
    chosen.push({ status: value, at: Date.now() });
    await expect(status(page)).toHaveText(expected);
    await expect(page.getByTestId('terminal-status-pending')).toBeVisible();
  };
  await choose(
    'Interruption',
    'Why is the machine stopped?',
    'Misprint',
    'Misprint',
    'INTERRUPTION_PRINTING_MATERIAL_MISPRINT',
  );
  await choose('End interruption', null, null, 'Running', 'RUNNING');
  await choose(
    'Support time',
    'Which support work?',
    'Cleaning',
    'Cleaning',
    'SUPPORT_CUTTING_MACHINE_CLEANING',
  );
  await choose('Resume production', null, null, 'Running', 'RUNNING');
  await choose('Knife change', null, null, 'Knife change', 'KNIFE_SWAP');
  await choose('Resume production', null, null, 'Running', 'RUNNING');

  // the orders page was never opened online: its code comes from the service worker
  await page.getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('button', { name: 'New order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New order' });
  await dialog.getByLabel(/^Order name/).fill(order);
  await dialog.getByRole('button', { name: 'Start order' }).click();
  const orderStarted = Date.now();
  const card = page.getByTestId('order-card').filter({ hasText: order });
  await expect(card).toContainText('Not sent yet');
  await expect(page.getByTestId('offline-banner')).toContainText('Waiting: 7');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByTestId('terminal-job-name')).toHaveText(order);
  await expectTerminal(page, 7);
  await page.screenshot({ path: screenshotPath('operator-offline-queue-1024') });
  // the same in German and Arabic (the language is this journey's operator's own, kept on the device
  // while offline)
  for (const locale of ['de', 'ar'] as const) {
    await page.getByTestId('language-picker').selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await page.screenshot({ path: screenshotPath(`operator-offline-queue-1024-${locale}`) });
  }
  await page.getByTestId('language-picker').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // a reload, offline
  await page.reload();
  await expectTerminal(page, 7);
  await expect(status(page)).toHaveText('Running');
  await expect(page.getByTestId('terminal-job-name')).toHaveText(order);
  await expect(page.getByTestId('terminal-as-of')).toBeVisible();

  // the tab closed and opened again, offline
  await page.close();
  page = await context.newPage();
  await page.goto('/operator');
  await expectTerminal(page, 7);
  await expect(status(page)).toHaveText('Running');
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByTestId('order-card').filter({ hasText: order })).toContainText('Not sent yet');
  await page.getByRole('link', { name: 'Back' }).click();

  // back online: everything is sent, once and in order
  await setOffline(context, false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('terminal-status-pending')).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  // the shop's manager reads the machine's status timeline; the terminal sends its inputs one after
  // another, and its banner can be hidden for a moment between two of them on a busy machine, so
  // the timeline is read until the last input has arrived
  const managerHeaders = await bearer(page, 'manager');
  let recorded: { status: string; from: string }[] = [];
  await expect
    .poll(
      async () => {
        const uptime = await page.request.get(
          `/api/report/reports/cutting-machines/uptime-last-24h?machineIds=${machineId}`,
          { headers: managerHeaders },
        );
        expect(uptime.status()).toBe(200);
        const segments = ((await uptime.json()) as { segments: { status: string; from: string }[] }[])[0]!
          .segments;
        recorded = segments.filter((segment) => Date.parse(segment.from) >= chosen[0]!.at - 1_500);
        return recorded.map((segment) => segment.status);
      },
      { timeout: 30_000 },
    )
    .toEqual(chosen.map((input) => input.status));
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  for (const [index, segment] of recorded.entries()) {
    // the time the operator chose it (the click), not when it was sent after the outage
    expect(Math.abs(Date.parse(segment.from) - chosen[index]!.at)).toBeLessThan(2_000);
  }
  const orders = (await (
    await page.request.get(`${API}/cutting-machines/${machineId}/orders`, { headers })
  ).json()) as { name: string; state: string; startDate: string }[];
  const sent = orders.filter((o) => o.name === order);
  expect(sent).toEqual([expect.objectContaining({ state: 'OPEN' })]);
  // the order starts when the operator started it, not when it reached the server
  expect(Math.abs(Date.parse(sent[0]!.startDate) - orderStarted)).toBeLessThan(2_000);
});
