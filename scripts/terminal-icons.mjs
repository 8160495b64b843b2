// The operator terminal's PNG icons (web app manifest, apps/web/operator-shell.plugin.ts), rendered
// from apps/web/public/favicon.svg in Chromium: 192 and 512 px, and a maskable 512 px with the mark
// inside the safe zone. Run from the repository root: node scripts/terminal-icons.mjs

import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync('apps/web/public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [size, maskable] of [
  [192, false],
  [512, false],
  [512, true],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // maskable: the mark inside the 80 % safe zone on the full-bleed brand colour
  const inner = maskable
    ? `<div style="position:absolute;inset:0;background:#2f5d87"></div><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="position:absolute;left:10%;top:10%;width:80%;height:80%">`
    : `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="width:100%;height:100%">`;
  await page.setContent(`<html><body style="margin:0;background:transparent">${inner}</body></html>`);
  await page.screenshot({
    path: `apps/web/public/terminal-${maskable ? 'maskable-' : ''}${size}.png`,
    omitBackground: true,
  });
  await page.close();
}
await browser.close();
