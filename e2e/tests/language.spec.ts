import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { bearerOf, logIn, logInAndLand, PASSWORD, screenshotPath } from './support';

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

  test("a demo user who has not chosen a language opens in the login page's language", async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-picker').selectOption('nl');
    await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
    await page.getByLabel('Klant').fill('demo');
    await page.getByLabel('Gebruikersnaam').fill('admin');
    await page.getByRole('textbox', { name: 'Wachtwoord' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Aanmelden' }).click();
    await expect(page).toHaveURL(/\/printing-admin$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Overzicht');

    // the login page's language stays on the device; the account still has none
    const self = await page.request.get('/api/auth/users/self', {
      headers: { authorization: `Bearer ${await bearerOf(page)}` },
    });
    expect((await self.json()).language).toBeNull();
  });

  test('a language chosen in the account is taken over at the next login', async ({ page }) => {
    // a user of this test alone, so that no other journey meets the language it chooses
    await logInAndLand(page, 'demo', 'admin', 'printing-admin');
    const username = `sprache-${randomUUID().slice(0, 8)}`;
    const created = await page.request.post('/api/auth/users', {
      headers: { authorization: `Bearer ${await bearerOf(page)}` },
      data: {
        username,
        password: 'Schnitt-Stapel-7',
        firstName: 'Karin',
        lastName: 'Sprache',
        role: 'PRINTING_SHOP_MANAGER',
      },
    });
    expect(created.status()).toBe(201);
    expect((await created.json()).language).toBeNull();
    await page.evaluate(() => window.localStorage.clear());

    await logIn(page, 'demo', username, 'Schnitt-Stapel-7');
    await expect(page).toHaveURL(/\/printing-manager$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const saved = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith('/api/auth/users/self/language'),
    );
    await page.getByTestId('language-picker').selectOption('de');
    expect((await saved).postDataJSON()).toEqual({ value: 'GERMAN' });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Fertigung');

    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // back to English on this device: the account's German wins at the next login all the same
    await page.evaluate(() => window.localStorage.setItem('use-locale', 'en'));
    await logIn(page, 'demo', username, 'Schnitt-Stapel-7');
    await expect(page).toHaveURL(/\/printing-manager$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Fertigung');
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
