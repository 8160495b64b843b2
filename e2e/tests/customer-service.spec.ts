import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, screenshotPath } from './support';

/**
 * Customer service across tenants (issue 14): the support user finds a machine by its serial number,
 * opens its connections and its client, exports the CSV of two clients; the client's admin then sees
 * who from support looked at what. Language changes stay in the browser (the demo accounts are
 * shared with other journeys).
 */
async function logInAs(page: Page, tenant: string, username: string, area: string) {
  await page.route('**/api/auth/users/self/language', (route) => route.fulfill({ status: 204 }));
  await logIn(page, tenant, username);
  await expect(page).toHaveURL(new RegExp(`/${area}$`));
}

async function checkA11y(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: screenshotPath(`customer-service-${name}`) });

test.describe('customer service', () => {
  test('search a serial number, open the machine and its connections, open its client, export two clients; the client admin sees the access', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logInAs(page, 'kerf', 'support', 'service');
    await expect(page.getByText('No client or machine selected')).toBeVisible();

    // autocomplete: nothing for a term outside the service areas, the machine for its serial
    const search = page.getByRole('combobox', { name: 'Search clients, machines and serial numbers' });
    await search.fill('NL-115');
    await expect(page.getByText('No results, please adjust your search.')).toBeVisible();
    await search.fill('PM-115-000');
    await page.getByRole('option', { name: /PM-115-0001/ }).click();
    await expect(page).toHaveURL(/\/service\/machines\/PM-115-0001$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Schneider 1' })).toBeVisible();

    // its connections: the demo history (who, service, state)
    const connections = page.getByRole('table', { name: 'Remote-service connections' });
    await expect(connections.getByText('Remote desktop').first()).toBeVisible();
    await expect(connections.getByText('Aylin Demir').first()).toBeVisible();
    await checkA11y(page);
    await shot(page, 'machine');

    // its client, and back
    await page.getByRole('link', { name: 'Druckerei Beispiel GmbH' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Druckerei Beispiel GmbH' })).toBeVisible();
    const machines = page.getByRole('table', { name: 'Machines' });
    await expect(machines.getByText('PM-137-0005')).toBeVisible();
    await expect(page.getByText('Stefan Krause')).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/service\/machines\/PM-115-0001$/);

    // the machines list's connections button leads to a machine as well
    await page.getByRole('navigation').getByRole('link', { name: 'Machines' }).click();
    await page.getByRole('link', { name: 'Connections of Schneider 3' }).click();
    await expect(page).toHaveURL(/\/service\/machines\/PM-137-0003$/);
    // one history entry (it was two): Back returns to the list at once
    await page.goBack();
    await expect(page).toHaveURL(/\/service\/machines$/);

    // CSV of two selected clients
    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
    await page
      .getByRole('textbox', { name: 'Clients to export' })
      .or(page.getByRole('combobox', { name: 'Clients to export' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Druckerei Beispiel GmbH' }).click();
    await page.getByRole('option', { name: 'Druckhaus Alpenblick GmbH' }).click();
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export selected (2)' }).click(),
    ]);
    // named after the two customers and the period (the export of all customers is customers-all-…)
    expect(download.suggestedFilename()).toMatch(
      /^customers-demo-demo-at-\d{4}-\d{2}-\d{2}--\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toContain('Customer,Cutting machine,Serial number');
    // the demo shop's five seeded machines and the other client's two (journeys running beside this
    // one, e.g. the board's, may add machines of their own to the demo shop)
    const rows = lines.slice(1);
    expect(rows.filter((row) => /^Druckerei Beispiel GmbH,.*,PM-\d+-\d{4},/.test(row))).toHaveLength(5);
    expect(rows.filter((row) => row.startsWith('Druckhaus Alpenblick GmbH,'))).toHaveLength(2);
    expect(rows.every((row) => /^(Druckerei Beispiel GmbH|Druckhaus Alpenblick GmbH),/.test(row))).toBe(true);
    expect(csv).not.toContain('Drukkerij');
    await checkA11y(page);

    // Arabic, right to left
    await page.getByTestId('language-picker').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/service/machines/PM-115-0001');
    // a full page load in another language on a busy runner: the area's chunks come again
    await expect(page.getByRole('heading', { level: 1, name: 'Schneider 1' })).toBeVisible({
      timeout: 30_000,
    });
    await shot(page, 'machine-ar');

    // the client's admin reads who from support looked at what
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await logInAs(page, 'demo', 'admin', 'printing-admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Support access' }).click();
    const log = page.getByRole('table', { name: 'Who looked at what' });
    await expect(
      log.getByRole('row').filter({ hasText: 'Machine details' }).filter({ hasText: 'PM-115-0001' }).first(),
    ).toBeVisible();
    await expect(log.getByText('Aylin Demir').first()).toBeVisible();
    await expect(page.getByRole('switch', { name: /Polar Werksservice/ })).toBeChecked();
    await checkA11y(page);
    await shot(page, 'access-log');
  });

  test('the customer-service admin sees the service areas; the manufacturer only its granted machines', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logInAs(page, 'kerf', 'service-admin', 'service-admin');
    const areas = page.getByRole('table', { name: 'Service areas' });
    await expect(areas.getByText('DACH')).toBeVisible();
    await areas.getByText('Benelux').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Benelux' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Employees' }).getByText('Oleg Ivanov')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Machines' }).getByText('NL-115-0301')).toBeVisible();
    await checkA11y(page);

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await logInAs(page, 'demo-maker', 'engineer', 'manufacturer');
    const fleet = page.getByRole('table', { name: 'Machines in use' });
    await expect(fleet.getByText('PM-115-0001')).toBeVisible();
    await expect(fleet.getByText('AT-115-0201')).toHaveCount(0);
    await checkA11y(page);
    await shot(page, 'fleet');
  });
});
