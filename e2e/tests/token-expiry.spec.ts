import { expect, test } from '@playwright/test';
import { bearerOf, logInAndLand } from './support';

// This project's server issues access tokens valid for 3 seconds.
test.describe('session with short-lived access tokens', () => {
  test('an expired token is refreshed once and the page loads as if nothing happened', async ({ page }) => {
    await logInAndLand(page, 'kerf', 'sysadmin', 'system-admin');
    const firstBearer = await bearerOf(page);
    await page.waitForTimeout(4_000);

    const refreshes: number[] = [];
    const unauthorized: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/auth/refresh')) refreshes.push(response.status());
      else if (response.status() === 401) unauthorized.push(response.url());
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
    await expect(
      page.getByRole('table', { name: 'Clients' }).getByText('Druckerei Beispiel GmbH'),
    ).toBeVisible();
    expect(unauthorized.length).toBeGreaterThan(0);
    expect(refreshes).toEqual([200]);
    expect(await bearerOf(page)).not.toBe(firstBearer);
    await expect(page).toHaveURL(/\/system-admin\/tenants$/);
  });

  test('a refused refresh clears the tokens and returns to the login', async ({ page }) => {
    await logInAndLand(page, 'kerf', 'service-admin', 'service-admin');
    await page.evaluate(() => window.localStorage.setItem('refreshToken', 'not-a-valid-refresh-token'));
    await page.waitForTimeout(4_000);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'session has ended' })).toBeVisible();
    expect(await bearerOf(page)).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('refreshToken'))).toBeNull();
  });
});
