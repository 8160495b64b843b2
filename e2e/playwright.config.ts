import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Journeys in real Chromium against the real server, which serves the built SPA (apps/web/dist: build
 * it first with `npm run build -w @kerf/web`). Two servers with fresh data directories: the main one,
 * and one with 3-second access tokens for the expiry journey.
 */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Added to every journey port, so that two checkouts can run their journeys side by side. */
export const PORT_OFFSET = Number(process.env.KERF_E2E_PORT_OFFSET ?? 0);
export const PORT = 18180 + PORT_OFFSET;
export const EXPIRY_PORT = 18181 + PORT_OFFSET;
/** The main server's embedded MQTT broker (journeys publish as machines through it). */
export const MQTT_PORT = 18831 + PORT_OFFSET;
export const ARTIFACTS_DIR = join(REPO_ROOT, 'e2e/artifacts');

// Workers load this file too; they inherit the directories the main process chose.
process.env.KERF_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'kerf-e2e-'));
process.env.KERF_E2E_EXPIRY_DATA ??= mkdtempSync(join(tmpdir(), 'kerf-e2e-expiry-'));

function server(port: number, mqttPort: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    command: 'npx tsx apps/server/src/server.ts',
    cwd: REPO_ROOT,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // the journeys bring their own data; weeks of background history would only slow them down
      DEMO_HISTORY_DAYS: '0',
      ...extra,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  testMatch: '*.spec.ts',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  // One retry on CI against a busy two-core runner; `npm test` reports how many tests needed it.
  retries: process.env.CI ? 1 : 0,
  // CI may share its two cores with more than the suite: the same waits, twice as patient there.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // `npm test` runs the journeys (chromium, token-expiry); `npm run test:deep` the sweeps over every
  // page (a11y, website-screens) — scripts/test-phases.mjs, docs/decisions/0027-test-tiers.md.
  projects: [
    {
      name: 'chromium',
      testIgnore: /token-expiry|website-screens|a11y/,
      use: { baseURL: `http://127.0.0.1:${PORT}` },
    },
    {
      // every page of every demo user's area in English and Arabic through axe-core
      name: 'a11y',
      testMatch: /a11y\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${PORT}` },
    },
    {
      // every website page and registration step in four languages at two widths
      name: 'website-screens',
      testMatch: /website-screens\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${PORT}` },
    },
    {
      name: 'token-expiry',
      testMatch: /token-expiry\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${EXPIRY_PORT}` },
    },
  ],
  webServer: [
    server(PORT, MQTT_PORT, process.env.KERF_E2E_DATA),
    server(EXPIRY_PORT, 18832 + PORT_OFFSET, process.env.KERF_E2E_EXPIRY_DATA, { ACCESS_TOKEN_TTL: '3' }),
  ],
});
