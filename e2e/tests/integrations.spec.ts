import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, screenshotPath } from './support';

/**
 * Integration API (issue 18): the printing-shop admin creates an API key (shown once), an ERP client
 * reads machines with it and is refused elsewhere, the admin revokes it; the demo webhook's delivery
 * log; Arabic right to left.
 */
async function logInAsAdmin(page: Page, locale: 'en' | 'ar' = 'en') {
  await page.route('**/api/auth/users/self/language', (route) => route.fulfill({ status: 204 }));
  await logIn(page, 'demo', 'admin');
  await expect(page).toHaveURL(/\/printing-admin$/);
  await page.getByTestId('language-picker').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 20_000 });
}

const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(`integrations-${name}`) });

test.describe.configure({ mode: 'serial' });

test.describe('integration API', () => {
  test('create an API key, call the API with it, revoke it; read the webhook delivery log', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logInAsAdmin(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Integrations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ERP, BDE and CRM integration' })).toBeVisible();
    await expect(page.getByText('ERP (SAP Business One)')).toBeVisible();

    const name = `E2E BDE ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel('Read machines').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const key = (await page.getByTestId('secret-once').textContent())?.trim() ?? '';
    expect(key).toMatch(/^kerf_[0-9a-f]{32}_/);
    await shot(page, 'key-shown-once');
    await page.getByRole('button', { name: 'Done' }).click();

    // the ERP client: machines yes, anything outside the key's scope no
    const machines = await page.request.get(
      '/api/printing-shop/cutting-machines/online-status?serialNumbers=PM-E2E-NONE',
      {
        headers: { 'x-api-key': key },
      },
    );
    expect(machines.status()).toBe(200);
    const outside = await page.request.get('/api/printing-shop/api-keys', { headers: { 'x-api-key': key } });
    expect(outside.status()).toBe(403);

    await page.getByRole('button', { name: `Revoke “${name}”` }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Revoked')).toBeVisible();
    const revoked = await page.request.get(
      '/api/printing-shop/cutting-machines/online-status?serialNumbers=PM-E2E-NONE',
      {
        headers: { 'x-api-key': key },
      },
    );
    expect(revoked.status()).toBe(401);

    await page
      .getByRole('button', { name: 'Delivery log of https://erp.druckerei-beispiel.example/kerf/webhooks' })
      .click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    await expect(log.getByText('Delivered').first()).toBeVisible();
    await expect(log.getByText('Given up')).toBeVisible();
    await shot(page, 'delivery-log');
    await page.keyboard.press('Escape');
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
    await expectNoSeriousA11yViolations(page);
  });

  test('Arabic: the integrations page reads right to left', async ({ page }) => {
    await logInAsAdmin(page, 'ar');
    await page.goto('/printing-admin/integrations');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'التكامل مع ERP وBDE وCRM' })).toBeVisible({
      timeout: 20_000,
    });
    await shot(page, 'ar');
    await expectNoSeriousA11yViolations(page);
  });
});
