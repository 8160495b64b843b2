import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, publishCuts, screenshotPath } from './support';

/**
 * Printing-shop admin (issue 5): locations, employees, machines with network settings, dashboard.
 * The demo admin's account language is shared with other journeys, so switching the language here
 * never reaches the server (the account keeps its language).
 */
async function logInAsAdmin(page: Page, locale: 'en' | 'ar' = 'en') {
  await page.route('**/api/auth/users/self/language', (route) => route.fulfill({ status: 204 }));
  await logIn(page, 'demo', 'admin');
  await expect(page).toHaveURL(/\/printing-admin$/);
  await page.getByTestId('language-picker').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** Toasts close themselves; their close button is named by the shared toast code, not here. */
async function checkA11y(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: screenshotPath(`printing-admin-${name}`) });

test.describe('printing-shop admin', () => {
  test('create a location, add an employee and a machine with a static IP, see it on the dashboard, delete the location once it is empty', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const locationName = `E2E Werk ${suffix}`;
    const machineName = `E2E Polar ${suffix}`;
    // a retry's machine is its own: the first attempt's may already be stored under its serial
    const serial = `PM-176-000${6 + test.info().retry}`;
    await logInAsAdmin(page);

    // overview: counts, sorting, views
    await page.getByRole('navigation').getByRole('link', { name: 'Locations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Locations' });
    await expect(table.getByText('Werk Nord')).toBeVisible();
    const machinesHeader = page.getByRole('columnheader', { name: 'Machines' });
    await machinesHeader.click();
    await expect(machinesHeader).toHaveAttribute('aria-sort', 'ascending');
    await machinesHeader.click();
    await expect(machinesHeader).toHaveAttribute('aria-sort', 'descending');
    await page.getByText('With uptime').click();
    await expect(page.getByRole('columnheader', { name: 'Uptime (24 h)' })).toBeVisible();
    await checkA11y(page);
    await shot(page, 'overview-en');

    // create the location
    await page.getByRole('button', { name: 'Create location' }).first().click();
    const locationDialog = page.getByRole('dialog', { name: 'Create location' });
    await locationDialog.getByRole('button', { name: 'Save' }).click();
    await expect(locationDialog.getByText('Required')).toBeVisible();
    await locationDialog.getByLabel(/^Name/).fill(locationName);
    await locationDialog.getByLabel('Street').fill('Industriestraße');
    await locationDialog.getByLabel('No.').fill('12');
    await locationDialog.getByLabel('Postcode').fill('20095');
    await locationDialog.getByLabel('City').fill('Hamburg');
    await shot(page, 'location-dialog-en');
    await locationDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: locationName })).toBeVisible();
    await expect(page.getByText('No employees at this location')).toBeVisible();
    await shot(page, 'details-employees-empty-en');

    // add an employee (assigned to this location by default)
    await page.getByRole('button', { name: 'Add employee' }).click();
    const employeeDialog = page.getByRole('dialog', { name: 'Add employee' });
    await employeeDialog.getByLabel(/^First name/).fill('Erika');
    await employeeDialog.getByLabel(/^Last name/).fill('Muster');
    await employeeDialog.getByLabel(/^Username/).fill(`erika.${suffix}`);
    await employeeDialog.getByLabel(/^Password/).fill('short');
    await employeeDialog.getByLabel(/^Password/).blur();
    await expect(employeeDialog.getByText('The password needs at least 8 characters.')).toBeVisible();
    await employeeDialog.getByLabel(/^Password/).fill('Schnitt-2026!x');
    await shot(page, 'employee-dialog-en');
    await employeeDialog.getByRole('button', { name: 'Save' }).click();
    await expect(employeeDialog).toBeHidden();
    const employees = page.getByRole('table', { name: 'Employees' });
    await expect(employees.getByText('Erika Muster')).toBeVisible();
    await expect(employees.getByText('No pseudonym')).toBeVisible();
    await shot(page, 'details-employees-en');

    // add a machine with static IP settings and a network contact
    await page.getByRole('tab', { name: 'Machines' }).click();
    await page.getByRole('button', { name: 'Add machine' }).click();
    const machineDialog = page.getByRole('dialog', { name: 'Create installed machine' });
    await machineDialog.getByLabel(/^Name/).fill(machineName);
    await machineDialog.getByLabel(/^Serial number/).fill(serial);
    await machineDialog.getByLabel('Manufacturer').click();
    await machineDialog.getByLabel('Manufacturer').fill('Polar');
    await machineDialog.getByLabel('Designation').fill('N 176 Plus');
    await machineDialog.getByText('Static', { exact: true }).click();
    await machineDialog.getByLabel(/^IP address/).fill('192.168.10.0');
    await machineDialog.getByLabel(/^Subnet mask/).fill('255.255.255.0');
    await machineDialog.getByLabel(/^Gateway/).fill('192.168.10.1');
    await machineDialog.getByLabel(/^DNS server/).fill('192.168.10.1');
    await machineDialog.getByRole('button', { name: 'Save' }).click();
    await expect(machineDialog.getByText('Invalid IP configuration', { exact: true })).toBeVisible();
    await machineDialog.getByLabel(/^IP address/).fill('192.168.10.20');
    await machineDialog.getByLabel('Contact name').fill('Jana Netz');
    await machineDialog.getByLabel('Contact phone').fill('040 123456789');
    await machineDialog.getByLabel('Contact phone').blur();
    await expect(machineDialog.getByLabel('Contact phone')).toHaveValue('+49 40 123456789');
    await shot(page, 'machine-network-dialog-en');
    await machineDialog.getByRole('button', { name: 'Save' }).click();
    await expect(machineDialog).toBeHidden();
    const machines = page.getByRole('table', { name: 'Machines' });
    await expect(machines.getByText(machineName)).toBeVisible();
    await shot(page, 'details-machines-en');

    await page.getByRole('tab', { name: 'Network details' }).click();
    await expect(
      page.getByRole('table', { name: 'Network settings of the machines' }).getByText('192.168.10.20'),
    ).toBeVisible();
    await expect(page.getByText('8883')).toBeVisible();
    await checkA11y(page);
    await shot(page, 'details-network-en');

    // the dashboard lists it with licence and state
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: machineName });
    await expect(row).toContainText(serial);
    await expect(row).toContainText('Unknown');
    // each machine's licence shows on wide screens; narrower ones keep it in the summary below
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1440, height: viewport.height });
    await expect(row).toContainText('EUR');
    await page.setViewportSize(viewport);
    await expect(page.getByText('Stefan Krause')).toBeVisible();
    await checkA11y(page);
    await shot(page, 'dashboard-en');

    // a cut on the machine reaches the dashboard over the live socket, without a reload
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-live', 'true');
    const cutCount = row.getByTestId('total-cuts');
    await expect(cutCount).toHaveText('0');
    await expect(row.getByTestId('cuts-today')).toHaveText('Today: 0');
    await page.evaluate(() => Object.assign(window, { kerfSamePage: true }));
    await publishCuts(page, serial, 3);
    await expect(cutCount).toHaveText('3');
    await expect(row.getByTestId('cuts-today')).toHaveText('Today: 3');
    expect(await page.evaluate(() => (window as { kerfSamePage?: boolean }).kerfSamePage)).toBe(true);
    await page.getByRole('button', { name: 'Add machine' }).click();
    // registering a new machine is the order inside the app; licensing an installed one a dialog
    await expect(page.getByRole('menuitem', { name: 'Register new machine' })).toHaveAttribute(
      'href',
      '/printing-admin/machines/order',
    );
    await expect(page.getByRole('menuitem', { name: 'License new machine' })).not.toHaveAttribute(
      'href',
      /./,
    );
    await shot(page, 'dashboard-menu-en');
    await page.keyboard.press('Escape');

    // deleting the location is blocked while employees and machines are assigned
    await page.getByRole('navigation').getByRole('link', { name: 'Locations' }).click();
    await page.getByRole('table', { name: 'Locations' }).getByRole('link', { name: locationName }).click();
    // the page knows who is there: it says so before asking "cannot be undone" (product.md §5, issue 32)
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const blocked = page.getByRole('dialog', { name: `“${locationName}” cannot be deleted` });
    await expect(blocked).toContainText('Employees still assigned: 1.');
    await expect(blocked).toContainText('Machines still assigned: 1.');
    await expect(page.getByRole('dialog', { name: 'Delete location?' })).toHaveCount(0);
    await page.waitForTimeout(300); // let the dialog finish fading in for the screenshot
    await shot(page, 'delete-blocked-en');
    await blocked.getByRole('button', { name: 'Close' }).click();

    // remove the assignments, then the location goes
    await page.getByRole('button', { name: 'Delete “Erika Muster”' }).click();
    await page
      .getByRole('dialog', { name: 'Delete employee?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('No employees at this location')).toBeVisible();
    await page.getByRole('tab', { name: 'Machines' }).click();
    await page.getByRole('button', { name: `Delete “${machineName}”` }).click();
    await page
      .getByRole('dialog', { name: 'Delete machine?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('No machines yet')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Delete machine?' })).toBeHidden();
    await page.locator('#main-content').getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete location?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/printing-admin\/locations$/);
    await expect(page.getByRole('table', { name: 'Locations' }).getByText(locationName)).toBeHidden();
  });

  test('the shift calendar of a location: a night shift added from the keyboard, its planned time, in Arabic too', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logInAsAdmin(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Locations' }).click();
    await page.getByRole('link', { name: 'Werk Süd' }).click();
    await page.getByRole('tab', { name: 'Shift calendar' }).click();
    const editor = page.getByRole('region', { name: 'Shift calendar' });
    const monday = editor.getByRole('group', { name: 'Monday' });
    // the demo's pattern: an early and a late shift on weekdays, each with a 30-minute break
    await expect(monday.getByLabel('Shift name').first()).toHaveValue('Frühschicht');
    await expect(editor.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
    await expect(editor.getByTestId('shift-calendar-weekly-hours')).toHaveText('Planned per week: 75 hr');

    await editor.getByRole('button', { name: 'Add shift on Sunday' }).focus();
    await page.keyboard.press('Enter');
    const sunday = editor.getByRole('group', { name: 'Sunday' });
    await sunday.getByLabel('Shift name').focus();
    await page.keyboard.type('Night shift');
    await sunday.getByLabel('Start').fill('22:00');
    await sunday.getByLabel('End').fill('06:00');
    await expect(sunday.getByText('Ends the next day')).toBeVisible();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved')).toBeVisible();
    await expect(editor.getByTestId('shift-calendar-weekly-hours')).toHaveText('Planned per week: 83 hr');
    // every machine of the location plans the night shift on Sunday, the day it begins
    const planned = page.getByRole('table', { name: 'Planned production time' });
    const row = planned.getByRole('row').filter({ hasText: 'PM-' }).first();
    await expect(row.getByRole('cell').nth(6)).toHaveText('8 hr');
    await checkA11y(page);
    await shot(page, 'shift-calendar-en');

    await page.getByTestId('language-picker').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const arabic = page.getByRole('region', { name: 'تقويم الورديات' });
    await expect(arabic.getByRole('group', { name: 'الأحد' }).getByLabel('اسم الوردية')).toHaveValue(
      'Night shift',
    );
    await expect(page.getByRole('table', { name: 'وقت الإنتاج المخطط' })).toBeVisible();
    await checkA11y(page);
    await shot(page, 'shift-calendar-ar');
    // the demo's calendar as it was: the night shift removed again, confirmed first
    await arabic.getByRole('button', { name: 'إزالة الوردية «Night shift» يوم الأحد' }).click();
    const dialog = page.getByRole('dialog', { name: 'هل تريد إزالة هذه الوردية؟' });
    await dialog.getByRole('button', { name: 'إزالة' }).click();
    await arabic.getByRole('button', { name: 'حفظ' }).click();
    await expect(arabic.getByRole('group', { name: 'الأحد' }).getByLabel('اسم الوردية')).toHaveCount(0);
    await page.getByTestId('language-picker').selectOption('en');
    await expect(editor.getByTestId('shift-calendar-weekly-hours')).toHaveText('Planned per week: 75 hr');
  });

  test('screens in Arabic, right to left, and the overview on a phone', async ({ page }) => {
    test.setTimeout(120_000);
    await logInAsAdmin(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/printing-admin/locations');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Werk Nord')).toBeVisible();
    await shot(page, 'overview-ar');
    await page.getByRole('button', { name: 'إنشاء موقع' }).first().click();
    await expect(page.getByRole('dialog', { name: 'إنشاء موقع' })).toBeVisible();
    await shot(page, 'location-dialog-ar');
    await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    // a blocked delete: Werk Nord still has employees and machines
    await page.getByRole('button', { name: 'حذف «Werk Nord»' }).click();
    await expect(page.getByRole('dialog', { name: 'لا يمكن حذف «Werk Nord»' })).toBeVisible();
    await page.waitForTimeout(300); // let the dialog finish fading in for the screenshot
    await shot(page, 'delete-blocked-ar');
    await page.getByRole('dialog').getByRole('button').last().click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('link', { name: 'Werk Nord' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Werk Nord' })).toBeVisible();
    await expect(page.getByRole('tab').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, 'details-employees-ar');
    await page.getByRole('button', { name: 'تعديل «Jonas Schmidt»' }).click();
    await expect(page.getByRole('dialog', { name: 'تعديل الموظف' })).toBeVisible();
    await shot(page, 'employee-dialog-ar');
    await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('tab').nth(1).click();
    await expect(page.getByText('PM-115-0001')).toBeVisible();
    await shot(page, 'details-machines-ar');
    await page
      .getByRole('button', { name: /تعديل «/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByText('ثابت', { exact: true }).click();
    await shot(page, 'machine-network-dialog-ar');
    await page.keyboard.press('Escape');
    await page.getByRole('tab').nth(2).click();
    await expect(page.getByText('8883')).toBeVisible();
    await shot(page, 'details-network-ar');
    await page.goto('/printing-admin/machines');
    await expect(page.getByText('Stefan Krause')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'PM-115-0001' })).toBeVisible();
    await shot(page, 'dashboard-ar');
    await page.getByRole('button', { name: 'إضافة آلة' }).click();
    await expect(page.getByRole('menuitem', { name: 'ترخيص آلة جديدة' })).toBeVisible();
    await shot(page, 'dashboard-menu-ar');
    await page.keyboard.press('Escape');
    await checkA11y(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/printing-admin/locations');
    await expect(page.getByText('Werk Nord')).toBeVisible();
    await shot(page, 'overview-ar-phone');
    await page.getByTestId('language-picker').selectOption('en');
    await expect(page.getByText('Werk Nord')).toBeVisible();
    await shot(page, 'overview-en-phone');
  });
});
