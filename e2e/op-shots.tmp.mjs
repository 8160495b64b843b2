import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:18300';
const out = '/tmp/shots-operator';
const [width, height] = (process.argv[2] ?? '1024x768').split('x').map(Number);
const langs = (process.argv[3] ?? 'en,de,ar').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const lang of langs) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  await ctx.addInitScript((l) => localStorage.setItem('use-locale', l), lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', String(e)));
  const shot = async (name) => { await page.waitForTimeout(700); await page.screenshot({ path: `${out}/${lang}-${width}-${name}.png` }); };
  await page.goto(`${base}/login`);
  const fields = page.locator('input:not([type=hidden])');
  await fields.nth(0).fill('demo');
  await fields.nth(1).fill('operator');
  await page.locator('input[type=password]').first().fill('Kerf-demo-2026');
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/operator'), { timeout: 15000 });
  await page.waitForLoadState('networkidle').catch(() => {});
  // back to the selection if a machine is held
  await shot('1-start');
  const cards = page.locator('main button[aria-label]');
  if (await cards.count()) { await cards.first().click(); }
  await page.waitForLoadState('networkidle').catch(() => {});
  await shot('2-main');
  await page.locator('main button').nth(1).click(); // interruption
  await shot('3-interruption');
  await page.keyboard.press('Escape');
  await page.locator('main button').nth(2).click(); // support
  await shot('4-support');
  await page.keyboard.press('Escape');
  await page.goto(`${base}/operator/orders`);
  await page.waitForLoadState('networkidle').catch(() => {});
  await shot('5-orders');
  await ctx.setOffline(true);
  await page.goto(`${base}/operator`).catch(() => {});
  await ctx.close();
}
await browser.close();
