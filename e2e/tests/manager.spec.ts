import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, publishCuts, screenshotPath } from './support';

/**
 * Printing-shop manager (issue 11): the shop floor, a machine whose cut arrives live, and every
 * report section for a chosen period. Needs the report server (/api/report) of the `report` branch.
 * The demo manager's account language is shared with other journeys: switching it here never
 * reaches the server.
 */
async function logInAsManager(page: Page) {
  await page.route('**/api/auth/users/self/language', (route) => route.fulfill({ status: 204 }));
  await logIn(page, 'demo', 'manager');
  await expect(page).toHaveURL(/\/printing-manager$/);
}

const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(`manager-${name}`) });
const SERIAL = 'PM-115-0002';
const MACHINE = 'Schneider 2';

test.describe('printing-shop manager', () => {
  test('open a machine from the shop floor and see a simulated cut arrive live', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await logInAsManager(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop floor' })).toBeVisible();
    const card = page.getByRole('article', { name: MACHINE });
    await expect(card.getByTestId('cuts-24h')).toHaveText(/\d/);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'shop-floor-en');

    await card.getByRole('link', { name: MACHINE }).click();
    await expect(page.getByRole('heading', { level: 1, name: MACHINE })).toBeVisible();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-live', 'true');
    const counter = page.getByTestId('machine-total-cuts');
    await expect(counter).toHaveText(/\d/);
    const before = Number(((await counter.textContent()) ?? '').replace(/\D/g, ''));
    await expect(page.getByRole('region', { name: 'Uptime, last 24 hours' })).toBeVisible();

    // the machine cuts: its agent reports through the broker (credential issued by the admin)
    const admin = await browser.newPage();
    await logIn(admin, 'demo', 'admin');
    await expect(admin).toHaveURL(/\/printing-admin$/);
    await page.evaluate(() => Object.assign(window, { kerfSamePage: true }));
    await publishCuts(admin, SERIAL, 3);
    await admin.close();
    await expect
      .poll(async () => Number(((await counter.textContent()) ?? '').replace(/\D/g, '')), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(before + 3);
    expect(await page.evaluate(() => (window as { kerfSamePage?: boolean }).kerfSamePage)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'machine-en');
    // the machine view the server built, in German and Arabic (right to left)
    for (const locale of ['de', 'ar'] as const) {
      await page.getByTestId('language-picker').selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(counter).toHaveText(/\d/);
      await shot(page, `machine-${locale}`);
    }
  });

  test('see the planned production time per machine and day of a location, week by week', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logInAsManager(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Locations' }).click();
    await page.getByRole('link', { name: 'Werk Nord' }).click();
    await page.getByRole('tab', { name: 'Planned time' }).click();
    const planned = page.getByRole('table', { name: 'Planned production time' });
    const row = planned.getByRole('row').filter({ hasText: 'PM-115-0001' });
    // Werk Nord's demo calendar: two 7.5-hour shifts a weekday (a holiday plans none), nothing on Sundays
    await expect(
      row
        .getByRole('cell')
        .filter({ hasText: /^15 hr$/ })
        .first(),
    ).toBeVisible();
    await expect(row.getByRole('cell').nth(6)).toHaveText('0 hr');
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByText(/Days in the time zone Europe\/Berlin/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'planned-time');
  });

  test('run each report section for a chosen period and download its CSV', async ({ page }) => {
    test.setTimeout(120_000);
    await logInAsManager(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Reporting' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();
    await page.getByText('Chosen period').click();
    await page.getByRole('button', { name: 'Days' }).click();
    // from the 1st of this month to today
    const days = page.locator('.mantine-DatePickerInput-day:not([data-outside]):not([data-disabled])');
    await days.first().click();
    await page.locator('.mantine-DatePickerInput-day[data-today]').click();
    const period = page.getByTestId('report-period');
    await expect(period).not.toHaveText(/^$/);

    const sections: [string, string][] = [
      ['Cutting machines', 'Time by status per machine'],
      ['Employees', 'Cuts per employee'],
      ['Knives', 'Knife service life: average cuts per grinding cycle'],
    ];
    for (const [tab, region] of sections) {
      await page.getByRole('tab', { name: tab }).click();
      const card = page.getByRole('region', { name: region });
      await expect(card).toBeVisible();
      await expect(card.getByRole('alert')).toHaveCount(0);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `Download ${tab} as CSV` }).click();
      // the server's name: the section, the tenant and the period (docs/exports.md)
      expect((await download).suggestedFilename()).toMatch(
        /^[a-z-]+-demo-\d{4}-\d{2}-\d{2}--\d{4}-\d{2}-\d{2}\.csv$/,
      );
    }
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(
      page.getByRole('table', { name: 'Orders' }).or(page.getByText('No orders in this period')),
    ).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Orders as CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^orders-demo-\d{4}-\d{2}-\d{2}--\d{4}-\d{2}-\d{2}\.csv$/,
    );
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('radio', { name: 'Last 24 hours' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'reporting-en');
  });
});
