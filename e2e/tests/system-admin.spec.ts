import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, logInAndLand, screenshotPath } from './support';

const DISABLED_NOTICE = "Your account or your organisation's access has been disabled.";

test.describe('system admin', () => {
  test('disabling a client throws its signed-in user out within a minute; enabling lets them back', async ({
    browser,
    page,
  }) => {
    test.setTimeout(150_000);
    const slug = `e2e-${randomBytes(3).toString('hex')}`;
    const password = 'Disable-Me-2026!';

    // The system admin creates a client with its first admin.
    await logInAndLand(page, 'kerf', 'sysadmin', 'system-admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await page.getByRole('button', { name: 'New client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create client' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Required').first()).toBeVisible(); // field-level messages
    await dialog.getByLabel(/^Name/).fill(`Druckhaus ${slug}`);
    await dialog.getByLabel('Client ID').fill(slug);
    await dialog.getByLabel('First name').fill('Petra');
    await dialog.getByLabel('Last name').fill('Lang');
    await dialog.getByLabel('Username').fill('chefin');
    await dialog.getByLabel('E-mail').fill(`petra@${slug}.example`);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Search', { exact: true }).fill(slug);
    const row = page.getByRole('table', { name: 'Clients' }).getByRole('row', { name: new RegExp(slug) });
    await expect(row).toContainText('Active');
    await expectNoSeriousA11yViolations(page);

    // Its admin signs in elsewhere.
    const customer = await (await browser.newContext()).newPage();
    const landAsCustomer = async () => {
      await logIn(customer, slug, 'chefin', password);
      await expect(customer).toHaveURL(/\/printing-admin$/);
    };
    await landAsCustomer();

    // Disable, after a confirmation that says what happens.
    await row.getByRole('button', { name: `Disable 'Druckhaus ${slug}'` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('signed out at once');
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(row).toContainText('Disabled');
    await page.screenshot({ path: screenshotPath('system-admin-client-disabled') });

    // The signed-in user is thrown out within a minute, with a clear message on the login page.
    await expect(customer).toHaveURL(/\/login$/, { timeout: 60_000 });
    await expect(customer.getByRole('status')).toContainText(DISABLED_NOTICE);
    await logIn(customer, slug, 'chefin', password);
    await expect(customer).toHaveURL(/\/login$/);
    await expect(customer.getByRole('alert')).toBeVisible();

    // Enabling lets them back in.
    await row.getByRole('button', { name: `Enable 'Druckhaus ${slug}'` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
    await expect(row).toContainText('Active');
    await landAsCustomer();

    // The audit log shows both, filtered by action.
    await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Action').fill('system.tenant.');
    const audit = page.getByRole('table', { name: 'Audit log' });
    await expect(audit.getByText('system.tenant.disable')).toBeVisible();
    await expect(audit.getByText('system.tenant.enable')).toBeVisible();
    await expect(audit.getByText('system.tenant.create')).toBeVisible();
    await customer.context().close();
  });

  test('mail outbox, operations and Arabic right to left', async ({ page }) => {
    test.setTimeout(90_000);
    await logInAndLand(page, 'kerf', 'sysadmin', 'system-admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Mail outbox' }).click();
    const mails = page.getByRole('table', { name: 'Mail outbox' });
    await mails.getByText(/Kontaktanfrage: Jan de Vries/).click();
    const mail = page.getByRole('dialog');
    await expect(mail).toContainText('Drukkerij Noord');
    await mail.getByRole('button', { name: 'Send again' }).click();
    await page
      .getByRole('dialog', { name: 'Send this e-mail again?' })
      .getByRole('button', { name: 'Send again' })
      .click();
    await expect(page.getByText('The e-mail is queued again.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('navigation').getByRole('link', { name: 'Operations' }).click();
    await expect(page.getByText('Messages per second')).toBeVisible();
    const jobs = page.getByRole('table', { name: 'Background jobs' });
    await jobs.getByRole('button', { name: "Run 'log-retention' now" }).click();
    await expect(jobs.getByText(/^deleted \d+ audit entries/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('language-picker').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('التشغيل');
    await page.screenshot({ path: screenshotPath('system-admin-operations-ar') });
    await page.getByTestId('language-picker').selectOption('en');
  });
});
