import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logInAndLand, screenshotPath } from './support';

test.describe('notifications', () => {
  test('the manager reads notifications and subscribes to the daily report e-mail; the job puts it in the outbox', async ({
    browser,
    page,
  }) => {
    test.setTimeout(150_000);
    await logInAndLand(page, 'demo', 'manager', 'printing-manager');

    // The bell counts the demo's unread notifications and opens the list.
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/Notifications: \d+ unread/);
    await bell.click();
    await expect(page).toHaveURL(/\/printing-manager\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('Knife swap required').first()).toBeVisible();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(page.locator('[data-testid="notification"][data-unread="true"]')).toHaveCount(0);

    // Daily report e-mail: subscribe anew (the demo manager has one; off, then on again in English).
    const daily = page.getByRole('switch', { name: 'Daily report' });
    if (await daily.isChecked()) {
      await daily.click({ force: true });
      await expect(daily).not.toBeChecked();
    }
    await daily.click({ force: true });
    await expect(daily).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath('manager-notifications') });

    // The system admin runs the job now and finds the mail with its CSV in the outbox.
    const admin = await (await browser.newContext()).newPage();
    await logInAndLand(admin, 'kerf', 'sysadmin', 'system-admin');
    await admin.getByRole('navigation').getByRole('link', { name: 'Operations' }).click();
    const jobs = admin.getByRole('table', { name: 'Background jobs' });
    await jobs.getByRole('button', { name: "Run 'report-mails' now" }).click();
    await expect(jobs.getByText(/^[1-9]\d* report e-mails$/)).toBeVisible();
    await admin.getByRole('navigation').getByRole('link', { name: 'Mail outbox' }).click();
    await admin.getByLabel('Search', { exact: true }).fill('markus.weber');
    const mails = admin.getByRole('table', { name: 'Mail outbox' });
    await mails
      .getByText(/^Kerf daily report \d{4}-\d{2}-\d{2}$/)
      .first()
      .click();
    const mail = admin.getByRole('dialog');
    await expect(mail).toContainText('cutting machines, employees, knives, orders');
    await expect(mail.getByTestId('mail-attachments')).toContainText(
      /report-daily-demo-\d{4}-\d{2}-\d{2}\.csv/,
    );
    await admin.screenshot({ path: screenshotPath('system-admin-report-mail') });
    await admin.context().close();

    // Arabic: the notifications page right to left.
    await page.getByTestId('language-picker').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الإشعارات');
    await page.getByTestId('language-picker').selectOption('en');
  });
});
