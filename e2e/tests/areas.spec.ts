import { expect, test } from '@playwright/test';
import { bearerOf, expectNoSeriousA11yViolations, logIn, logInAndLand, screenshotPath } from './support';

test.describe('role areas', () => {
  test("a user cannot open another role's area, and the server refuses the data too", async ({ page }) => {
    await logInAndLand(page, 'demo', 'operator', 'operator');
    await page.goto('/printing-admin/machines');
    await expect(page).toHaveURL(/\/operator$/);
    await page.goto('/system-admin/tenants');
    await expect(page).toHaveURL(/\/operator$/);

    const bearer = await bearerOf(page);
    const answer = await page.request.get('/api/auth/users/00000000-0000-4000-8000-000000000000', {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(answer.status()).toBe(403);
    expect((await answer.json()).code).toBe('authentication.FORBIDDEN');
  });

  test('signed-out visitors are sent to the login and come back after it', async ({ page }) => {
    await page.goto('/system-admin/tenants');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, 'kerf', 'sysadmin');
    await expect(page).toHaveURL(/\/system-admin$/);
  });

  test('the system admin sees the clients list with search, accessibly', async ({ page }) => {
    await logInAndLand(page, 'kerf', 'sysadmin', 'system-admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Clients' });
    await expect(table.getByText('Druckerei Beispiel GmbH')).toBeVisible();
    await expect(table.getByText('Schleiferei Muster KG')).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill('schleif');
    await expect(table.getByText('Druckerei Beispiel GmbH')).toBeHidden();
    await expect(table.getByText('Schleiferei Muster KG')).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill('nothing matches this');
    await expect(page.getByText('No results, please adjust your search.')).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill('');
    // the server orders clients by name
    await expect(table.getByRole('row').nth(1)).toContainText('Druckerei Beispiel GmbH');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath('system-admin-clients-desktop') });
  });

  test('area start page at desktop size is accessible', async ({ page }) => {
    await logInAndLand(page, 'kerf', 'sysadmin', 'system-admin');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Clients');
    await expect(page.getByRole('banner')).toContainText('Kerf');
    // keyboard users can jump over the header and navigation
    await page.locator('body').press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath('area-desktop-1280') });
  });

  test('the operator area has touch-size targets on the terminal and works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await logInAndLand(page, 'demo', 'operator', 'operator');
    // The terminal has no side navigation: the machine selection (or, once a machine is chosen,
    // the main screen) fills the width with glove-size buttons.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    const target = page.getByRole('main').getByRole('button').first();
    expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(64);
    expect((await page.getByTestId('language-picker').boundingBox())?.height).toBeGreaterThanOrEqual(64);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath('operator-terminal-1024') });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.getByRole('button', { name: 'User menu' })).toBeInViewport();
    await expect(page.getByRole('main').getByRole('button').first()).toBeInViewport();
    await page.screenshot({ path: screenshotPath('operator-phone-390') });
  });

  test('logout deletes the server session', async ({ page }) => {
    await logInAndLand(page, 'demo-grind', 'admin', 'grinding-admin');
    const refreshToken = await page.evaluate(() => window.localStorage.getItem('refreshToken'));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: /Log out|Abmelden/ }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toBeVisible();
    expect(await bearerOf(page)).toBeNull();
    const refresh = await page.request.post('/api/auth/auth/refresh', { data: { refreshToken } });
    expect(refresh.status()).toBe(401);
  });

  test('an unknown address shows page-not-found with a way to the start page', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Oops! We cannot find the page' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the start page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
