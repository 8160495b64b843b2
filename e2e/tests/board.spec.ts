import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { machineTopics } from '@kerf/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { MQTT_PORT } from '../playwright.config';
import { expectNoSeriousA11yViolations, journeyOperator, logIn, PASSWORD } from './support';

/**
 * The shop-floor board (issue 36 item 3): the printing-shop admin creates a board link for a location
 * of its own (made by this journey, so no other journey's machine is touched), opens it as a wall
 * screen at 1920×1080, a machine's status change arrives live, and revoking the link turns the
 * screen into "This board link was revoked". Screenshots of the board in English, German and Arabic
 * go to /work/shots (KERF_SHOTS_DIR) for a look by eye.
 */
const SHOTS_DIR = process.env.KERF_SHOTS_DIR ?? '/work/shots';
const API = '/api/printing-shop';
const WALL = { width: 1920, height: 1080 };

async function bearerFor(request: APIRequestContext, username: string) {
  const response = await request.post('/api/auth/auth/login', {
    data: { tenant: 'demo', username, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).bearerToken}` };
}

/** A machine's edge agent: its credential from the admin, then telemetry over the broker. */
async function connectAgent(request: APIRequestContext, headers: Record<string, string>, machineId: string) {
  const issued = await request.post(`${API}/cutting-machines/${machineId}/credentials`, { headers });
  expect(issued.status()).toBe(201);
  const credential = (await issued.json()) as {
    tenantId: string;
    serial: string;
    username: string;
    password: string;
  };
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, {
    clientId: credential.username,
    username: credential.username,
    password: credential.password,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const serial = credential.serial;
  const topics = machineTopics(credential.tenantId, serial);
  await client.subscribeAsync(topics.ack, { qos: 1 });
  const boot = randomUUID();
  let seq = 0;
  return {
    client,
    /** publishes events and waits for the server's ack (committed; the live event follows) */
    async send(events: Record<string, unknown>[]) {
      const numbered = events.map((event) => ({
        ...event,
        seq: ++seq,
        at: event.at ?? new Date().toISOString(),
      }));
      const acked = new Promise<void>((resolve) => {
        const onMessage = (topic: string, payload: Buffer) => {
          if (topic === topics.ack && JSON.parse(payload.toString()).boot === boot) {
            client.off('message', onMessage);
            resolve();
          }
        };
        client.on('message', onMessage);
      });
      await client.publishAsync(topics.telemetry, JSON.stringify({ serial, boot, events: numbered }), {
        qos: 1,
      });
      await acked;
    },
  };
}

const cuts = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    type: 'cut',
    at: new Date(Date.now() - (count - i) * 1000).toISOString(),
  }));

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
}

test.describe('shop-floor board', () => {
  test('the admin creates a board link, the wall screen follows a machine live, revoking ends it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const agents: MqttClient[] = [];
    const suffix = randomUUID().slice(0, 6);
    const admin = await bearerFor(request, 'admin');
    // a hall of this journey's own, with four machines and a shift around the clock
    const hall = `Halle ${suffix}`;
    const location = await request.post(`${API}/printing-shops`, {
      headers: admin,
      data: { name: hall, city: 'Hamburg', country: 'DE' },
    });
    expect(location.status()).toBe(201);
    const locationId = ((await location.json()) as { id: string }).id;
    const calendar = await request.put(`${API}/printing-shops/${locationId}/shift-calendar`, {
      headers: admin,
      data: {
        timeZone: 'Europe/Berlin',
        shifts: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
          {
            weekday,
            name: 'Frühschicht',
            start: '06:00',
            end: '14:00',
            breaks: [{ start: '10:00', minutes: 30 }],
          },
          {
            weekday,
            name: 'Spätschicht',
            start: '14:00',
            end: '22:00',
            breaks: [{ start: '18:00', minutes: 30 }],
          },
          {
            weekday,
            name: 'Nachtschicht',
            start: '22:00',
            end: '06:00',
            breaks: [{ start: '02:00', minutes: 30 }],
          },
        ]),
        holidays: [],
      },
    });
    expect(calendar.status(), await calendar.text()).toBe(200);
    const machineIds: string[] = [];
    for (const [index, name] of [
      'Polar 115 Nord',
      'Polar 137 Mitte',
      'Schneider N 92',
      'Wohlenberg 115',
    ].entries()) {
      const created = await request.post(`${API}/cutting-machines`, {
        headers: admin,
        data: {
          name,
          serialNumber: `BRD-${suffix}-${index + 1}`,
          printingShopId: locationId,
          cuttingWidth: 1150,
          knifeSwapInterval: 50_000,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      machineIds.push(((await created.json()) as { id: string }).id);
    }
    // the first two machines are online: one cuts, one has an operator at it
    const first = await connectAgent(request, admin, machineIds[0]!);
    const second = await connectAgent(request, admin, machineIds[1]!);
    agents.push(first.client, second.client);
    await first.send([{ type: 'status', status: 'RUNNING' }, ...cuts(42)]);
    await second.send([
      { type: 'status', status: 'SUPPORT_CUTTING_MACHINE_CLEANING' },
      { type: 'heartbeat' },
    ]);
    const operator = await journeyOperator(request, 'board');
    const operatorHeaders = await bearerFor(request, operator);
    expect(
      (
        await request.put(`${API}/users/self/current-machine`, {
          headers: operatorHeaders,
          data: { machineId: machineIds[1] },
        })
      ).status(),
    ).toBe(200);

    // the admin: the location's page, tab Board links, a new link
    await logIn(page, 'demo', 'admin');
    await expect(page).toHaveURL(/\/printing-admin$/);
    await page.goto(`/printing-admin/locations/${locationId}?tab=board-links`);
    await expect(page.getByRole('heading', { name: 'Shop-floor boards' })).toBeVisible();
    await page.getByRole('button', { name: 'Create board link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New board link' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/required/i)).toBeVisible();
    await dialog.getByLabel('Name').fill('Hall 2 wall');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const created = page.getByRole('dialog', { name: 'Board link “Hall 2 wall” created' });
    const url = (await created.getByTestId('board-link-url').textContent())!.trim();
    expect(url).toMatch(/\/board#kb_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    await expectNoSeriousA11yViolations(page);
    await created.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: /Hall 2 wall/ });
    await expect(row).toContainText('Active');

    // the wall screen
    const wall = await browser.newContext({ viewport: WALL, locale: 'en-GB', timezoneId: 'Europe/Berlin' });
    const board = await wall.newPage();
    await board.goto(url);
    await expect(board.getByRole('heading', { name: hall })).toBeVisible();
    await expect(board.getByTestId('board-tile')).toHaveCount(4);
    await expect(board.getByTestId('board')).toHaveAttribute('data-live', 'true');
    const tile = board.getByRole('region', { name: 'Polar 115 Nord' });
    await expect(tile.getByTestId('board-status')).toHaveText('Running');
    await expect(tile.getByTestId('board-shift-cuts')).toHaveText('42');
    await expect(board.getByRole('region', { name: 'Polar 137 Mitte' })).toContainText(/Journey board/);
    // a machine never heard is not shown with any status as if it were current
    await expect(
      board.getByRole('region', { name: 'Schneider N 92' }).getByTestId('board-signal'),
    ).toHaveText(/No signal yet|Offline/);
    // the machine reports an interruption: the board shows it without a reload
    await first.send([{ type: 'status', status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING' }]);
    await expect(tile).toHaveAttribute('data-status', 'INTERRUPTION_PRINTING_MATERIAL_MISSING');
    // fresh cuts reach "cuts this shift" within seconds (read again after cuts arrive)
    await first.send(cuts(8));
    await expect(tile.getByTestId('board-shift-cuts')).toHaveText('50', { timeout: 15_000 });
    await expectNoSeriousA11yViolations(board);
    await shot(board, 'board-en');
    for (const lang of ['de', 'ar'] as const) {
      const other = await wall.newPage();
      await other.goto(url.replace('/board#', `/board?lang=${lang}#`));
      await expect(other.locator('html')).toHaveAttribute('lang', lang);
      await expect(other.getByTestId('board-tile')).toHaveCount(4);
      await expect(other.getByTestId('board')).toHaveAttribute('data-live', 'true');
      if (lang === 'ar') {
        await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
        await expectNoSeriousA11yViolations(other);
      }
      await shot(other, `board-${lang}`);
      await other.close();
    }

    // revoking: the admin confirms, and the wall screen says its link was revoked
    await row.getByRole('button', { name: 'Revoke board link Hall 2 wall' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke board link?' });
    await expect(confirm).toContainText('Hall 2 wall');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText('Revoked');
    await expect(board.getByRole('heading', { name: 'This board link was revoked' })).toBeVisible({
      timeout: 5_000,
    });
    await expectNoSeriousA11yViolations(board);
    await shot(board, 'board-revoked-en');
    // a reload of the revoked link shows the same, not an error
    await board.reload();
    await expect(board.getByRole('heading', { name: 'This board link was revoked' })).toBeVisible();
    await wall.close();
    for (const agent of agents) await agent.endAsync();
  });
});
