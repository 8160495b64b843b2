import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { machineTopics } from '@kerf/contracts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { MQTT_PORT } from '../playwright.config';

export const PASSWORD = 'Kerf-demo-2026';

/** Demo users (docs/architecture.md "Configuration and demo data") and the area each lands in (contracts ROLE_AREAS). */
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
  { tenant: 'demo-maker', username: 'admin', area: 'manufacturer' },
  { tenant: 'demo-maker', username: 'engineer', area: 'manufacturer' },
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

/**
 * axe-core over the page: no serious or critical WCAG 2.x A/AA violations. Checked once no
 * transition has run for 300 ms (endless ones, like a pulsing live dot, aside): a dialog fading in
 * is half transparent, and its colours would be measured blended with the page behind it. A quiet
 * window rather than one look, because a dialog opened by the last click may not have started its
 * transition yet.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const started = performance.now();
        let quietSince = started;
        const tick = (now: number) => {
          const moving = document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
            );
          if (moving) quietSince = now;
          if (now - quietSince >= 300) return resolve();
          if (now - started > 10_000) return reject(new Error('transitions still running after 10 s'));
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
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

/**
 * Cuts on a machine as its edge agent would report them: the signed-in admin issues the machine's
 * MQTT credential through the API, then the test connects to the broker as that machine, publishes
 * `count` cuts and waits for the server's ack (stored and committed; the live event follows).
 */
export async function publishCuts(page: Page, serial: string, count: number) {
  const bearer = await bearerOf(page);
  const headers = { authorization: `Bearer ${bearer}` };
  const status = await page.request.get(
    `/api/printing-shop/cutting-machines/online-status?serialNumbers=${encodeURIComponent(serial)}`,
    { headers },
  );
  expect(status.status()).toBe(200);
  const machineId = ((await status.json()) as { machineId: string }[])[0]?.machineId;
  expect(machineId, `machine ${serial}`).toBeTruthy();
  const issued = await page.request.post(`/api/printing-shop/cutting-machines/${machineId}/credentials`, {
    headers,
  });
  expect(issued.status()).toBe(201);
  const credential = (await issued.json()) as { tenantId: string; username: string; password: string };
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, {
    clientId: credential.username,
    username: credential.username,
    password: credential.password,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  try {
    const topics = machineTopics(credential.tenantId, serial);
    const boot = randomUUID();
    const start = Date.now() - 60_000;
    const acked = new Promise<void>((resolve) =>
      client.on('message', (topic, payload) => {
        if (topic === topics.ack && JSON.parse(payload.toString()).boot === boot) resolve();
      }),
    );
    await client.subscribeAsync(topics.ack, { qos: 1 });
    const events = Array.from({ length: count }, (_, i) => ({
      type: 'cut' as const,
      seq: i + 1,
      at: new Date(start + i * 1000).toISOString(),
    }));
    await client.publishAsync(topics.telemetry, JSON.stringify({ serial, boot, events }), { qos: 1 });
    await acked;
  } finally {
    await client.endAsync();
  }
}

/**
 * An operator account of one journey alone, at every location of the demo shop. The demo's one
 * operator has one current machine: terminal journeys running side by side under it would take the
 * machine from each other (a login would land on another journey's machine instead of the selection).
 */
export async function journeyOperator(request: APIRequestContext, prefix: string): Promise<string> {
  const login = await request.post('/api/auth/auth/login', {
    data: { tenant: 'demo', username: 'admin', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).bearerToken}` };
  const username = `${prefix}-${randomUUID().slice(0, 8)}`;
  const created = await request.post('/api/auth/users', {
    headers,
    data: {
      username,
      password: PASSWORD,
      firstName: 'Journey',
      lastName: prefix,
      role: 'PRINTING_SHOP_OPERATOR',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const locations = await request.get('/api/printing-shop/printing-shops/minimal-info', { headers });
  expect(locations.status()).toBe(200);
  const printingShopIds = ((await locations.json()) as { items: { id: string }[] }).items.map((l) => l.id);
  const assigned = await request.put(`/api/printing-shop/users/${id}/printing-shops`, {
    headers,
    data: { printingShopIds },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return username;
}
