import { expect, test } from '@playwright/test';
import { bearerOf, logInAndLand, screenshotPath } from './support';

test.describe('languages', () => {
  test('switching to Arabic flips the layout, survives a reload and is saved to the account', async ({
    page,
  }) => {
    await logInAndLand(page, 'kerf', 'support', 'service');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const saved = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith('/api/auth/users/self/language'),
    );
    await page.getByTestId('language-picker').selectOption('ar');
    expect((await saved).postDataJSON()).toEqual({ value: 'ARABIC' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('مرحبًا');

    // The navigation sits on the start side: the right in Arabic.
    const nav = await page.getByRole('navigation').boundingBox();
    const main = await page.getByRole('main').boundingBox();
    expect(nav!.x).toBeGreaterThan(main!.x);
    await page.screenshot({ path: screenshotPath('area-arabic-1280') });

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('مرحبًا');
    expect(await page.evaluate(() => window.localStorage.getItem('use-locale'))).toBe('ar');

    const self = await page.request.get('/api/auth/users/self', {
      headers: { authorization: `Bearer ${await bearerOf(page)}` },
    });
    expect((await self.json()).language).toBe('ARABIC');

    // back to English so reruns start where they did
    await page.getByTestId('language-picker').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('the account language is taken over at login', async ({ page }) => {
    await logInAndLand(page, 'demo', 'admin', 'printing-admin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Willkommen');
  });
});

test.describe('first visit in an Austrian browser', () => {
  test.use({ locale: 'de-AT' });
  test('starts in German', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  });
});

test.describe('first visit in a French browser', () => {
  test.use({ locale: 'fr-FR' });
  test('starts in English, the fallback of the whitelist', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });
});
