import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, screenshotPath } from './support';

/**
 * Printing-shop manager, knives (issue 11): the knife list, a knife's details, its edit dialog (an
 * increased height refused at the field), the comparison of three knives and its CSV. Until the
 * manager area's navigation lands the journey opens the knife pages by address.
 */
const KNIFE = 'E280116000000003';

test.describe('printing-shop manager: knives', () => {
  test('open the knife list and a knife, edit it, compare three knives and download the CSV', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // the demo manager's account language is shared with other journeys: keep it unchanged
    await page.route('**/api/auth/users/self/language', (route) => route.fulfill({ status: 204 }));
    await logIn(page, 'demo', 'manager');
    await expect(page).toHaveURL(/\/printing-manager$/);

    // the list: ten knives a page, most urgent first
    await page.goto('/printing-manager/knives');
    // a page opened by URL loads the app and the area's chunk first: allow for a busy runner
    await expect(page.getByRole('heading', { level: 1, name: 'Knives' })).toBeVisible({ timeout: 20_000 });
    const table = page.getByRole('table', { name: 'Knives' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByText('1–10 of 20')).toBeVisible();
    await expect(table.getByText('Swap required').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // a knife's details: every field, grinding cycles, history
    await table.getByRole('link', { name: KNIFE }).click();
    await expect(page).toHaveURL(new RegExp(`/printing-manager/knives/${KNIFE}$`));
    await expect(page.getByRole('heading', { level: 1, name: KNIFE })).toBeVisible();
    await expect(page.getByText('Pre-phase angle (VF)')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Grinding cycles' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Grinding cycles' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Knife history' })).toBeVisible();
    await expect(page.getByText('Ground').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath('manager-knife-details-en'), fullPage: true });

    // edit: a height above the original is refused with the message under the field
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit knife ${KNIFE}` });
    const height = dialog.getByLabel('Height (mm)');
    await height.fill('199');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The height cannot exceed the original value.')).toBeVisible();
    await expect(height).toHaveAttribute('aria-invalid', 'true');
    await height.fill('130.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('130.50 mm').first()).toBeVisible();
    await expect(page.getByText('Edited').first()).toBeVisible();

    // compare: five may be ticked, a sixth is refused with the spec's message, three are compared
    await page.goto('/printing-manager/knives');
    const rows = page.getByRole('table', { name: 'Knives' }).getByRole('checkbox');
    for (let index = 0; index < 5; index++) await rows.nth(index).check();
    await rows.nth(5).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'You can compare at most 5 knives.' }),
    ).toBeVisible();
    await expect(rows.nth(5)).not.toBeChecked();
    await rows.nth(3).uncheck();
    await rows.nth(4).uncheck();
    const chosen = await Promise.all(
      [0, 1, 2].map(async (index) =>
        (await rows.nth(index).getAttribute('aria-label'))!.replace('Compare knife ', ''),
      ),
    );
    await page.getByRole('button', { name: 'Compare selected (3)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Knife comparison' })).toBeVisible();
    const comparison = page.getByRole('table', { name: 'Knives side by side' });
    for (const rfid of chosen) await expect(comparison.getByRole('link', { name: rfid })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Height after each grinding' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // the CSV: UTF-8 with a BOM, one column per knife, in the order chosen
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^knife-comparison-demo-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(['RFID', ...chosen].join(','));
    // the state as a person reads it, then its code
    expect(lines.find((line) => line.startsWith('State,'))).toMatch(
      /^State,(In use|At the grinder|On its way back|Scrapped)(,[\w ]+){2}$/,
    );
    expect(lines.find((line) => line.startsWith('State (code),'))).toMatch(
      /^State \(code\),(ACTIVE|AT_GRINDER|SHIPPED_BACK|SCRAPPED)(,\w+){2}$/,
    );
    expect(lines.find((line) => line.startsWith('Height (mm),'))!.split(',')).toHaveLength(4);

    // Arabic: right to left, the refusal in Arabic
    await page.getByTestId('language-picker').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'مقارنة السكاكين' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('manager-knife-comparison-ar'), fullPage: true });
  });
});
