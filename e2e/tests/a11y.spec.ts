import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS, expectNoSeriousA11yViolations, logIn } from './support';

/**
 * Accessibility as a gate (issue 32): every page of every demo user's area, in English and in Arabic
 * (right to left), has no serious or critical axe-core violation — and no page shows a raw catalogue
 * code where words belong (`service.grinding-shops.SHOP_HAS_MACHINES`, `authentication.FORBIDDEN`).
 */
const RAW_CODE = /\b(?:service\.[a-z-]+|authentication|validation|common)\.[A-Z][A-Z_]{2,}\b/;

/** The area's pages: its start page and every item of its navigation. */
async function areaPages(page: Page, area: string): Promise<string[]> {
  const nav = page.getByRole('navigation');
  const links = (await nav.count()) > 0 ? await nav.first().getByRole('link').all() : [];
  const hrefs = await Promise.all(links.map((link) => link.getAttribute('href')));
  return [
    ...new Set([`/${area}`, ...hrefs.filter((href): href is string => Boolean(href?.startsWith('/')))]),
  ];
}

async function expectLegible(page: Page, path: string) {
  // the rendered text, as a user reads it: a code folded away under a closed "Details" is not shown
  // biome-ignore lint/performance/useDomNodeTextContent: textContent would include hidden text
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_CODE)?.[0], `a catalogue code shown as text on ${path}`).toBeUndefined();
}

for (const locale of ['en', 'ar'] as const) {
  test.describe(`every page is accessible in ${locale === 'en' ? 'English' : 'Arabic'}`, () => {
    for (const user of DEMO_USERS) {
      test(`${user.tenant}/${user.username} (${user.area})`, async ({ page }) => {
        test.setTimeout(600_000);
        await logIn(page, user.tenant, user.username);
        // a busy runner: the first sign-in of a user hashes the password and loads the area's chunks
        await expect(page).toHaveURL(new RegExp(`/${user.area}$`), { timeout: 30_000 });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
        const pages = await areaPages(page, user.area);
        // the language of this browser only (the account's saved language stays as it is)
        await page.evaluate((value) => window.localStorage.setItem('use-locale', value), locale);
        for (const path of pages) {
          await test.step(path, async () => {
            await page.goto(path);
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
            // the page's data has arrived: no skeleton or loading status left
            await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
            await expectNoSeriousA11yViolations(page);
            await expectLegible(page, path);
          });
        }
      });
    }
  });
}
