import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, PASSWORD, publishCuts, screenshotPath } from './support';

/**
 * Printing-shop operator (issue 12) at the terminal, 1024×768: machine selection, an order, cuts
 * from the machine, an interruption with its reason, a knife change, a support time recorded while
 * the network is down, and the order closed; the manager's machine view follows live and the order
 * report shows exactly these cuts and times.
 */
const SERIAL = 'PM-137-0003';
const MACHINE = 'Schneider 3';
const ORDER = 'E2E Flyer A5 – Stadtfest';
/** this attempt's order (a retry's differs, so the report row found is its own) */
const orderOf = (retry: number) => (retry === 0 ? ORDER : `${ORDER} #${retry + 1}`);
const NO_ORDER = 'No open order';

const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(`operator-${name}`) });
const status = (page: Page) => page.getByTestId('terminal-status-label');

async function bearerFor(page: Page, username: string) {
  const response = await page.request.post('/api/auth/auth/login', {
    data: { tenant: 'demo', username, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  return `Bearer ${(await response.json()).bearerToken}`;
}

test.use({ viewport: { width: 1024, height: 768 } });

// A retry starts where a first attempt starts: the failed attempt's open order is deleted, the
// machine paused and released.
test.beforeEach(async ({ page }) => {
  const headers = { authorization: await bearerFor(page, 'operator') };
  const api = '/api/printing-shop';
  const machine = (
    (await (
      await page.request.get(`${api}/cutting-machines/operator-selection-view`, { headers })
    ).json()) as {
      machineId: string;
      serialNumber: string;
      status: string | null;
      isCurrent: boolean;
    }[]
  ).find((m) => m.serialNumber === SERIAL)!;
  const orders = (await (
    await page.request.get(`${api}/cutting-machines/${machine.machineId}/orders`, { headers })
  ).json()) as { id: string; name: string; state: string }[];
  const leftOver = orders.filter((o) => o.state === 'OPEN' && o.name.startsWith(ORDER));
  if (!machine.isCurrent && leftOver.length === 0 && machine.status === null) return;
  const select = await page.request.put(`${api}/users/self/current-machine`, {
    headers,
    data: { machineId: machine.machineId },
  });
  expect(select.ok()).toBe(true);
  for (const order of leftOver) {
    expect((await page.request.delete(`${api}/orders/${order.id}`, { headers })).ok()).toBe(true);
  }
  if (machine.status !== null && machine.status !== 'PAUSED') {
    const paused = await page.request.put(`${api}/cutting-machines/${machine.machineId}/status`, {
      headers,
      data: { value: 'PAUSED' },
    });
    expect(paused.ok()).toBe(true);
  }
  const released = await page.request.delete(`${api}/users/self/current-machine/${machine.machineId}`, {
    headers,
  });
  expect(released.status()).toBe(204);
});

test.describe('printing-shop operator', () => {
  test('select a machine, run an order with an interruption, a knife change and an offline support time', async ({
    page,
    browser,
    context,
  }) => {
    test.setTimeout(150_000);
    const order = orderOf(test.info().retry);
    // The terminal's login sends client type OPERATOR_TERMINAL.
    await page.goto('/operator');
    await expect(page).toHaveURL(/\/login$/);
    const loginRequest = page.waitForRequest('**/api/auth/auth/login');
    await page.getByLabel('Client').fill('demo');
    await page.getByLabel('Username').fill('operator');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    expect((await loginRequest).headers()['x-client-type']).toBe('OPERATOR_TERMINAL');

    await expect(page.getByRole('heading', { level: 1, name: 'Select your machine' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'select-1024');
    await page.getByRole('button', { name: `Work at ${MACHINE}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: MACHINE })).toBeVisible();

    // The manager watches the same machine.
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await logIn(manager, 'demo', 'manager');
    await expect(manager).toHaveURL(/\/printing-manager$/);
    const managerBearer = await bearerFor(manager, 'manager');
    const machineId = (
      (await (
        await manager.request.get(
          `/api/printing-shop/cutting-machines/online-status?serialNumbers=${SERIAL}`,
          {
            headers: { authorization: managerBearer },
          },
        )
      ).json()) as { machineId: string }[]
    )[0]!.machineId;
    await manager.goto(`/printing-manager/machines/${machineId}`);
    await expect(manager.getByRole('heading', { level: 1, name: MACHINE })).toBeVisible();
    await expect(manager.getByText('Jonas S.')).toBeVisible();

    // An order: the name is required, between 3 and 80 characters.
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('button', { name: 'New order' }).click();
    const dialog = page.getByRole('dialog', { name: 'New order' });
    await dialog.getByRole('button', { name: 'Start order' }).click();
    await expect(dialog.getByText('Please enter an order name')).toBeVisible();
    await dialog.getByLabel(/^Order name/).fill(order);
    await dialog.getByLabel('Order number').fill('AU-E2E-1');
    await dialog.getByRole('button', { name: 'Start order' }).click();
    await expect(page.getByTestId('order-card').first()).toContainText(order);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByTestId('terminal-job-name')).toHaveText(order);

    await page.getByRole('button', { name: 'Start production' }).click();
    await expect(status(page)).toHaveText('Running');

    // Cuts from the machine are booked to the order (and the operator), live on both screens.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logIn(admin, 'demo', 'admin');
    await expect(admin).toHaveURL(/\/printing-admin$/);
    await publishCuts(admin, SERIAL, 5);
    await expect(page.getByTestId('terminal-job-cuts')).toHaveText('5 cuts');
    await expect(manager.getByTestId('job-cuts')).toContainText('5 cuts');

    // The terminal shows the machine view the server built in German and Arabic (right to left).
    // The operator's account language is shared with other journeys: the switch never reaches it.
    await page.route('**/api/auth/users/self/language', (route) => route.fulfill({ status: 204 }));
    for (const locale of ['de', 'ar', 'en'] as const) {
      await page.getByTestId('language-picker').selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('terminal-job-cuts')).toBeVisible();
      if (locale !== 'en') await shot(page, `terminal-view-${locale}`);
    }

    // An interruption with its reason, then ended.
    await page.getByRole('button', { name: 'Interruption' }).click();
    const picker = page.getByRole('dialog', { name: 'Why is the machine stopped?' });
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'interruption-1024');
    const interruptionStart = Date.now();
    await picker.getByRole('button', { name: 'Misprint' }).click();
    await expect(status(page)).toHaveText('Misprint');
    await expect(manager.getByTestId('machine-status')).toContainText('Misprint');
    await page.waitForTimeout(4000);
    await page.getByRole('button', { name: 'End interruption' }).click();
    const interruptionSeconds = (Date.now() - interruptionStart) / 1000;
    await expect(status(page)).toHaveText('Running');
    await expect(manager.getByTestId('machine-status')).toContainText('Running');

    // The knife change, then production again.
    await page.getByRole('button', { name: 'Knife change' }).click();
    await expect(status(page)).toHaveText('Knife change');
    await expect(manager.getByTestId('machine-status')).toContainText('Knife change');
    await page.getByRole('button', { name: 'Resume production' }).click();
    await expect(status(page)).toHaveText('Running');
    // the server has it (the terminal shows it at once, and sends it a moment later)
    await expect(manager.getByTestId('machine-status')).toContainText('Running');

    // The network drops: the support time is kept on the terminal and sent when it is back.
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await page.getByRole('button', { name: 'Support time' }).click();
    const supportStart = Date.now();
    await page
      .getByRole('dialog', { name: 'Which support work?' })
      .getByRole('button', { name: 'Cleaning' })
      .click();
    await expect(status(page)).toHaveText('Cleaning');
    await expect(page.getByTestId('offline-banner')).toContainText('Waiting: 1');
    await shot(page, 'offline-1024');
    await page.waitForTimeout(4000);
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 10_000 });
    await expect(manager.getByTestId('machine-status')).toContainText('Cleaning');
    await page.getByRole('button', { name: 'Resume production' }).click();
    const supportSeconds = (Date.now() - supportStart) / 1000;
    await expect(status(page)).toHaveText('Running');

    // Close the order (asks first); its cuts and times are saved.
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('button', { name: 'Close order' }).click();
    await page
      .getByRole('dialog', { name: `Close order '${order}'?` })
      .getByRole('button', { name: 'Close order' })
      .click();
    await expect(page.getByTestId('order-card').filter({ hasText: order }).first()).toContainText('Closed');
    await expect(page.getByRole('button', { name: 'New order' })).toBeEnabled();
    // The demo's ERP import planned orders on this machine: the operator can start one now.
    const planned = page.getByTestId('order-card').filter({ hasText: 'Planned' }).first();
    await expect(planned).toBeVisible();
    await expect(planned.getByRole('button', { name: 'Start order' })).toBeEnabled();
    await shot(page, 'orders-1024');

    // The report shows exactly these cuts and times.
    await expect(async () => {
      const now = Date.now();
      const report = await manager.request.get(
        `/api/report/reports/cutting-jobs?startDate=${new Date(now - 3_600_000).toISOString()}&endDate=${new Date(now + 60_000).toISOString()}&cuttingJobNameFilter=E2E`,
        { headers: { authorization: managerBearer } },
      );
      expect(report.status()).toBe(200);
      const row = ((await report.json()).items as Record<string, number | string>[]).find(
        (r) => r.name === order,
      )!;
      expect(row).toMatchObject({ state: 'CLOSED', cuts: 5, orderNumber: 'AU-E2E-1' });
      expect(Math.abs(Number(row.downtimeSeconds) - interruptionSeconds)).toBeLessThanOrEqual(3);
      expect(Math.abs(Number(row.supportSeconds) - supportSeconds)).toBeLessThanOrEqual(3);
    }).toPass({ timeout: 10_000 });
    await manager.reload();
    await expect(manager.getByText(NO_ORDER)).toBeVisible();

    // RUNNING without a cut for longer than the machine's no-cuts prompt delay (its admin sets one
    // minute; the terminal's clock then jumps ahead): it asks why, and the answer is an interruption
    // with its reason like any other.
    const adminBearer = await bearerFor(admin, 'admin');
    const delayUrl = `/api/printing-shop/config-options/scope/MACHINE/type/NO_CUTS_PROMPT_DELAY/object/${machineId}`;
    const setDelay = await admin.request.put(delayUrl, {
      headers: { authorization: adminBearer },
      data: { value: 1 },
    });
    expect(setDelay.status()).toBe(200);
    expect((await setDelay.json()).NO_CUTS_PROMPT_DELAY).toEqual({
      value: 1,
      effective: 1,
      source: 'MACHINE',
    });
    await page.clock.install();
    await page.goto('/operator');
    await expect(status(page)).toHaveText('Running');
    const idle = page.getByRole('dialog', { name: 'No cuts for a while' });
    await expect(idle).toBeHidden();
    await page.clock.fastForward('01:05');
    await expect(idle).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'idle-1024');
    await idle.getByRole('button', { name: 'Interruption' }).click();
    await page
      .getByRole('dialog', { name: 'Why is the machine stopped?' })
      .getByRole('button', { name: 'Missing material' })
      .click();
    await expect(status(page)).toHaveText('Missing material');
    await expect(manager.getByTestId('machine-status')).toContainText('Missing material');
    await page.getByRole('button', { name: 'End interruption' }).click();
    await expect(status(page)).toHaveText('Running');
    expect((await admin.request.delete(delayUrl, { headers: { authorization: adminBearer } })).status()).toBe(
      204,
    );
    await managerContext.close();
    await adminContext.close();
  });
});
