import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, screenshotPath } from './support';

/**
 * The manufacturer admin manages the manufacturer's users (issue 14): list, add with field-level
 * errors, deactivate after confirmation, reactivate. The new user's name is unique per run (the
 * demo tenants are shared with other journeys).
 */
async function logInAsMakerAdmin(page: Page) {
  await page.route('**/api/auth/users/self/language', (route) => route.fulfill({ status: 204 }));
  await logIn(page, 'demo-maker', 'admin');
  await expect(page).toHaveURL(/\/manufacturer$/);
}

test('the manufacturer admin adds a user, deactivates and reactivates them', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const username = `lea.${suffix}`;
  const lastName = `Hahn ${suffix}`;
  await logInAsMakerAdmin(page);
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/manufacturer\/users$/);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).not.toHaveCount(1);

  // Add: the form says what is missing at the field before anything is sent.
  await page.getByRole('button', { name: 'Add employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add employee' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel(/^First name/)).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel(/^First name/).fill('Lea');
  await dialog.getByLabel(/^Last name/).fill(lastName);
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Password/).fill('weak');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel(/^Password/)).toHaveAttribute('data-invalid', 'true');
  await dialog.getByLabel(/^Password/).fill('Schnitt-2026!');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText('Manufacturer');
  await expect(row).toContainText('Active');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screenshotPath('manufacturer-users'), fullPage: true });

  // Deactivate: only after confirming.
  await row.getByRole('button', { name: `Deactivate Lea ${lastName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate user?' });
  await expect(confirm).toContainText(`Lea ${lastName} will no longer be able to sign in.`);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Inactive');

  await row.getByRole('button', { name: `Reactivate Lea ${lastName}` }).click();
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Inactive');
});
