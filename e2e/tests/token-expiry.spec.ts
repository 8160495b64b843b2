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
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('table', { name: 'Users' }).getByText('Anna Becker')).toBeVisible();
    expect(unauthorized.length).toBeGreaterThan(0);
    expect(refreshes).toEqual([200]);
    expect(await bearerOf(page)).not.toBe(firstBearer);
    await expect(page).toHaveURL(/\/system-admin\/users$/);
  });

  test('requests that meet an expired token together share one refresh', async ({ page }) => {
    await logInAndLand(page, 'kerf', 'support', 'service');
    await page.waitForTimeout(4_000);
    const refreshes: number[] = [];
    const unauthorized: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/auth/refresh')) refreshes.push(response.status());
      else if (response.status() === 401) unauthorized.push(response.url());
    });
    // Saving the language and opening the clients list call the server at the same moment: the test holds
    // both requests at the network until both are out, so both meet the expired token.
    let held = 0;
    let releaseAll = () => {};
    const bothOut = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    await page.route(
      (url) =>
        url.pathname.endsWith('/users/self/language') ||
        url.pathname.endsWith('/api/customer-service/tenants'),
      async (route) => {
        held += 1;
        if (held >= 2) releaseAll();
        await Promise.race([bothOut, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        await route.continue();
      },
    );
    await Promise.all([
      page.getByTestId('language-picker').selectOption('de'),
      page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click(),
    ]);
    await expect(page.getByRole('heading', { level: 1, name: 'Mandanten' })).toBeVisible();
    await expect(page.getByRole('table').getByText('Druckerei Beispiel GmbH')).toBeVisible();
    expect(unauthorized.some((url) => url.endsWith('/users/self/language'))).toBe(true);
    expect(unauthorized.some((url) => url.includes('/api/customer-service/tenants'))).toBe(true);
    expect(refreshes).toEqual([200]);
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
