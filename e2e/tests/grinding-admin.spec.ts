import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, screenshotPath } from './support';

/**
 * Grinding-shop admin (issue 13): locations, employees and grinding machines of the demo grinding
 * shop. The demo admin's account language is shared with other journeys, so switching the language
 * here never reaches the server.
 */
async function logInAsAdmin(page: Page, locale: 'en' | 'de' | 'ar' = 'en') {
  await page.route('**/api/auth/users/self/language', (route) => route.fulfill({ status: 204 }));
  await logIn(page, 'demo-grind', 'admin');
  await expect(page).toHaveURL(/\/grinding-admin$/);
  await page.getByTestId('language-picker').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

async function checkA11y(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: screenshotPath(`grinding-admin-${name}`) });

test.describe('grinding-shop admin', () => {
  test('add a location, an employee and a grinding machine, edit them, delete with confirmation', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const locationName = `E2E Schleifwerk ${suffix}`;
    const machineName = `E2E Kolb ${suffix}`;
    await logInAsAdmin(page);

    // the start page is the overview of the demo locations
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Locations' });
    await expect(table.getByText('Schleifwerk Bielefeld')).toBeVisible();
    await expect(table.getByText('Servicestelle Leipzig')).toBeVisible();
    await checkA11y(page);
    await shot(page, 'overview-en');

    // add a location
    await page.getByRole('button', { name: 'Create location' }).first().click();
    const locationDialog = page.getByRole('dialog', { name: 'Create location' });
    await locationDialog.getByRole('button', { name: 'Save' }).click();
    await expect(locationDialog.getByText('Required')).toBeVisible();
    await locationDialog.getByLabel(/^Name/).fill(locationName);
    await locationDialog.getByLabel('Street').fill('Sandershäuser Straße');
    await locationDialog.getByLabel('No.').fill('34');
    await locationDialog.getByLabel('Postcode').fill('34123');
    await locationDialog.getByLabel('City').fill('Kassel');
    await locationDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: locationName })).toBeVisible();
    await expect(page.getByText('No employees at this location')).toBeVisible();

    // add an employee (a grinder at this location by default)
    await page.getByRole('button', { name: 'Add employee' }).click();
    const employeeDialog = page.getByRole('dialog', { name: 'Add employee' });
    await employeeDialog.getByLabel(/^First name/).fill('Lukas');
    await employeeDialog.getByLabel(/^Last name/).fill('Berger');
    await employeeDialog.getByLabel(/^Username/).fill(`l.berger.${suffix}`);
    await employeeDialog.getByLabel(/^Password/).fill('Schleifen-2026!x');
    await shot(page, 'employee-dialog-en');
    await employeeDialog.getByRole('button', { name: 'Save' }).click();
    await expect(employeeDialog).toBeHidden();
    const employees = page.getByRole('table', { name: 'Employees' });
    await expect(employees.getByText('Lukas Berger')).toBeVisible();
    await expect(employees.getByText('Grinder')).toBeVisible();

    // add a grinding machine, then a second with the same serial number is refused at the field
    await page.getByRole('tab', { name: 'Grinding machines' }).click();
    await expect(page.getByText('No grinding machines yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add grinding machine' }).click();
    let machineDialog = page.getByRole('dialog', { name: 'Add grinding machine' });
    await machineDialog.getByLabel(/^Name/).fill(machineName);
    await machineDialog.getByLabel('Manufacturer').fill('Kolb');
    await machineDialog.getByLabel('Model').fill('Messerschleifmaschine 2.200');
    await machineDialog.getByLabel(/^Serial number/).fill(`E2E-${suffix}`);
    await machineDialog.getByLabel('Max. knife length').fill('2200');
    await shot(page, 'machine-dialog-en');
    await machineDialog.getByRole('button', { name: 'Save' }).click();
    await expect(machineDialog).toBeHidden();
    const machines = page.getByRole('table', { name: 'Grinding machines' });
    await expect(machines.getByText(machineName)).toBeVisible();
    await page.getByRole('button', { name: 'Add grinding machine' }).click();
    machineDialog = page.getByRole('dialog', { name: 'Add grinding machine' });
    await machineDialog.getByLabel(/^Name/).fill(`${machineName} B`);
    await machineDialog.getByLabel(/^Serial number/).fill(`E2E-${suffix}`);
    await machineDialog.getByRole('button', { name: 'Save' }).click();
    await expect(machineDialog.getByText('This serial number is already in use.')).toBeVisible();
    await machineDialog.getByRole('button', { name: 'Cancel' }).click();

    // edit the machine
    await page.getByRole('button', { name: `Edit “${machineName}”` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit grinding machine' });
    await editDialog.getByLabel(/^Name/).fill(`${machineName} 2`);
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(editDialog).toBeHidden();
    await expect(machines.getByText(`${machineName} 2`)).toBeVisible();
    await checkA11y(page);
    await shot(page, 'details-machines-en');

    // the location cannot go while its employee works and the machine stands there (product.md §5): the
    // page says so before asking
    await page.locator('#main-content').getByRole('button', { name: 'Delete', exact: true }).click();
    const blocked = page.getByRole('dialog', { name: `“${locationName}” cannot be deleted` });
    await expect(blocked).toContainText('Employees still assigned: 1.');
    await expect(blocked).toContainText('Machines still assigned: 1.');
    await blocked.getByRole('button', { name: 'Close' }).click();

    // remove the employee and the machine, then the location goes
    await page.getByRole('tab', { name: 'Employees' }).click();
    await page.getByRole('button', { name: 'Delete “Lukas Berger”' }).click();
    await page
      .getByRole('dialog', { name: 'Delete employee?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('No employees at this location')).toBeVisible();
    await page.getByRole('tab', { name: 'Grinding machines' }).click();
    await page.getByRole('button', { name: `Delete “${machineName} 2”` }).click();
    await page
      .getByRole('dialog', { name: 'Delete grinding machine?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('No grinding machines yet')).toBeVisible();
    await page.locator('#main-content').getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete location?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Locations' }).getByText(locationName)).toBeHidden();
  });

  test("accept a printing shop's invitation to exchange knives", async ({ page }) => {
    await logInAsAdmin(page);
    await page.getByRole('link', { name: 'Partner printing shops' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partner printing shops' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Partner printing shops' });
    // the demo: Druckerei Beispiel is a partner, Druckhaus Alpenblick has invited the shop
    await expect(table.getByRole('row', { name: /Druckerei Beispiel GmbH/ })).toContainText('Active');
    const invited = table.getByRole('row', { name: /Druckhaus Alpenblick GmbH/ });
    await expect(invited).toContainText('Invited');
    await checkA11y(page);
    await invited.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Partnership accepted')).toBeVisible();
    await expect(invited).toContainText('Active');
    await expect(invited.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  });

  test('German and Arabic (right to left) on the demo locations', async ({ page }) => {
    test.setTimeout(120_000);
    await logInAsAdmin(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Standorte' })).toBeVisible();
    await page.getByRole('link', { name: 'Schleifwerk Bielefeld' }).click();
    await page.getByRole('tab', { name: 'Schleifmaschinen' }).click();
    await expect(
      page.getByRole('table', { name: 'Schleifmaschinen' }).getByText('KOLB-2200-1187'),
    ).toBeVisible();
    await shot(page, 'details-machines-de');
    await page.getByTestId('language-picker').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('tab', { name: 'آلات الشحذ' })).toBeVisible();
    await checkA11y(page);
    await shot(page, 'details-machines-ar');
  });
});
