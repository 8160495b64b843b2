import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Kerf-demo-2026';

/** Demo users (ARCHITECTURE §1) and the area each lands in (contracts ROLE_AREAS). */
export const DEMO_USERS = [
  { tenant: 'demo', username: 'admin', area: 'printing-admin' },
  { tenant: 'demo', username: 'manager', area: 'printing-manager' },
  { tenant: 'demo', username: 'operator', area: 'operator' },
  { tenant: 'demo-grind', username: 'admin', area: 'grinding-admin' },
  { tenant: 'demo-grind', username: 'grinder', area: 'grinder' },
  { tenant: 'kerf', username: 'sysadmin', area: 'system-admin' },
  { tenant: 'kerf', username: 'service-admin', area: 'service-admin' },
  { tenant: 'kerf', username: 'support', area: 'service' },
  { tenant: 'kerf', username: 'dev', area: 'service' },
] as const;

/** Fills the login by the fields' English labels (the test browser starts in English). */
export async function logIn(page: Page, tenant: string, username: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Client').fill(tenant);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logInAndLand(page: Page, tenant: string, username: string, area: string) {
  await logIn(page, tenant, username);
  await expect(page).toHaveURL(new RegExp(`/${area}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** axe-core over the page: no serious or critical WCAG 2.x A/AA violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious accessibility violations',
  ).toEqual([]);
}

export async function bearerOf(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('bearerToken'));
}

/** Screenshots kept as run artefacts (e2e/artifacts, git-ignored). */
export const screenshotPath = (name: string) =>
  fileURLToPath(new URL(`../artifacts/${name}.png`, import.meta.url));
