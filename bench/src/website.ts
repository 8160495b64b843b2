/**
 * Public website budget (issue 15, docs/architecture.md "Quality targets"): the home page's initial JavaScript (gzip)
 * and Lighthouse performance and accessibility in headless Chromium, desktop and mobile presets.
 *
 *   npm run build && npm run bench:website [-- --runs 3]
 *
 * Starts the real server (serving apps/web/dist) on a free port with a fresh data directory, runs
 * Lighthouse `--runs` times per preset against `/` and reports the medians next to the targets:
 * initial JS ≤ 170 KB gzip, performance ≥ 95, accessibility ≥ 95.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { argument, freePort, REPO_ROOT, sleep } from './common';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DIST = join(REPO_ROOT, 'apps/web/dist');
const BUDGET_KB = 170;
const TARGET_SCORE = 95;

/**
 * The home page's chunks before anything is clicked: index.html's scripts and modulepreloads, the
 * home route's chunk, and everything they import statically (dynamic imports load later, on need).
 */
function homeChunks(): string[] {
  const files = new Set<string>();
  const staticImports = (code: string) =>
    [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]*?from\s*)?["']\.\/([^"']+\.js)["']/g)].map(
      (m) => `assets/${m[1]}`,
    );
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const next of staticImports(readFileSync(join(DIST, file), 'utf8'))) visit(next);
  };
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) visit(match[1]!);
  const home = readdirSync(join(DIST, 'assets')).find((name) => /^home-page-[\w-]+\.js$/.test(name));
  if (!home) throw new Error('no home-page chunk in apps/web/dist: build the web app first');
  visit(`assets/${home}`);
  return [...files];
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length, 0) / 1024;

async function startServer() {
  const port = await freePort();
  const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kerf-bench-website-')),
      DEMO_HISTORY_DAYS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (attempt > 240) throw new Error('server did not start');
    await sleep(500);
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Sample {
  performance: number;
  accessibility: number;
  lcp: number;
  cls: number;
  tbt: number;
  scriptKb: number;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main() {
  const runs = Number(argument('runs', '3'));
  const chunks = homeChunks();
  const initialKb = gzipKb(chunks);
  // The bundle size does not depend on the machine; Lighthouse's timings do: say how busy it was.
  console.info(
    `website /: initial JS ${initialKb.toFixed(1)} KB gzip in ${chunks.length} chunks (budget ${BUDGET_KB} KB, ratio ${(initialKb / BUDGET_KB).toFixed(2)})`,
  );
  const loadBefore = load();
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const samples: Record<'desktop' | 'mobile', Sample[]> = { desktop: [], mobile: [] };
  try {
    for (const preset of ['desktop', 'mobile'] as const) {
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(
          `${server.url}/`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error('lighthouse returned nothing');
        const save = argument('save', '');
        if (save) writeFileSync(join(save, `lighthouse-${preset}.json`), JSON.stringify(result.lhr));
        const { categories, audits } = result.lhr;
        const requests =
          (
            audits['network-requests']?.details as {
              items?: { resourceType?: string; transferSize?: number }[];
            }
          )?.items ?? [];
        samples[preset].push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
          cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
          tbt: audits['total-blocking-time']?.numericValue ?? 0,
          scriptKb:
            requests
              .filter((item) => item.resourceType === 'Script')
              .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
        });
      }
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  console.info(`load average (1, 5, 15 min) before ${loadBefore}, after ${load()}`);
  for (const [preset, list] of Object.entries(samples)) {
    const pick = (key: keyof Sample) => median(list.map((sample) => sample[key]));
    console.info(
      `lighthouse ${preset}, median of ${runs}: performance ${pick('performance')} (target ${TARGET_SCORE}), accessibility ${pick('accessibility')} (target ${TARGET_SCORE}), LCP ${Math.round(pick('lcp'))} ms, CLS ${pick('cls').toFixed(3)}, TBT ${Math.round(pick('tbt'))} ms, scripts transferred ${pick('scriptKb').toFixed(1)} KB (brotli, all requests until load)`,
    );
  }
}

await main();
