import { randomUUID } from 'node:crypto';
import type { Mail, NotificationList, ReportSubscription, TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { openLive } from '../../../test/live-helpers';
import { queryRows } from '../../db/client';
import { duePeriod, inShift } from './index';

let t: TestApp;
let baseUrl: string;
let tenantId: string;
let userIds: Record<string, string>;
let admin: TokenPair;
let manager: TokenPair;
let manager2: TokenPair;
let otherAdmin: TokenPair;
let sysadmin: TokenPair;
const machine = {
  knife: randomUUID(),
  offline: randomUUID(),
  interrupted: randomUUID(),
  sunday: randomUUID(),
};
const locationId = randomUUID();

// Monday 2026-11-23, 11:30 in Berlin (shift Mon–Fri 06:00–22:00 by default)
const NOW = new Date('2026-11-23T10:30:00Z');

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, tokens: TokenPair, payload?: object) =>
  t.request({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const P = '/api/printing-shop';

async function mailsTo(recipient: string) {
  const page = (
    await call('GET', `/api/system/mails?search=${encodeURIComponent(recipient)}&page_size=100`, sysadmin)
  ).json() as {
    items: { id: string; kind: string; subject: string }[];
  };
  return page.items;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ tenantId, userIds } = await t.addTenant('notify-a', 'PRINTING_SHOP', [
    'ADMIN_PRINTING_SHOP',
    'PRINTING_SHOP_MANAGER',
  ]));
  Object.assign(
    userIds,
    await t.addUsers(tenantId, [{ username: 'manager2', role: 'PRINTING_SHOP_MANAGER' }]),
  );
  await t.addTenant('notify-b', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  await t.app.kerf.transactions.withTenant(tenantId, async (tx) => {
    await tx.execute(sql`UPDATE users SET email = username || '@notify-a.example'`);
    await tx.execute(
      sql`INSERT INTO locations (tenant_id, id, name) VALUES (${tenantId}, ${locationId}, 'Halle 1')`,
    );
    await tx.execute(
      sql`INSERT INTO user_locations (tenant_id, user_id, location_id) VALUES (${tenantId}, ${userIds.PRINTING_SHOP_MANAGER}, ${locationId})`,
    );
    await tx.execute(sql`INSERT INTO knives (tenant_id, rfid, cuts_since_last_grinding, total_cuts, knife_swap_interval)
                         VALUES (${tenantId}, 'A1B2C3D4', 1200, 5200, 1000)`);
    await tx.execute(sql`INSERT INTO cutting_machines (tenant_id, id, serial_number, name, location_id, current_knife_rfid, last_cut_at, presence, presence_at, last_heartbeat_at)
                         VALUES (${tenantId}, ${machine.knife}, 'NA-1', 'Polar 1', ${locationId}, 'A1B2C3D4', '2026-11-23T10:20:00Z', 'ONLINE', ${NOW.toISOString()}, ${NOW.toISOString()})`);
    await tx.execute(sql`INSERT INTO cutting_machines (tenant_id, id, serial_number, name, location_id, presence, presence_at)
                         VALUES (${tenantId}, ${machine.offline}, 'NA-2', 'Polar 2', ${locationId}, 'OFFLINE', '2026-11-23T09:00:00Z')`);
    await tx.execute(sql`INSERT INTO cutting_machines (tenant_id, id, serial_number, name, location_id, current_status, status_since, presence, presence_at, last_heartbeat_at)
                         VALUES (${tenantId}, ${machine.interrupted}, 'NA-3', 'Polar 3', ${locationId}, 'INTERRUPTION_PRINTING_MATERIAL_MISSING', '2026-11-23T10:10:00Z', 'ONLINE', ${NOW.toISOString()}, ${NOW.toISOString()})`);
    // offline on a Sunday: outside the shift
    await tx.execute(sql`INSERT INTO cutting_machines (tenant_id, id, serial_number, name, location_id, presence, presence_at)
                         VALUES (${tenantId}, ${machine.sunday}, 'NA-4', 'Polar 4', ${locationId}, 'OFFLINE', '2026-11-22T12:00:00Z')`);
  });
  admin = await t.login('notify-a', 'admin-printing-shop');
  manager = await t.login('notify-a', 'printing-shop-manager');
  manager2 = await t.login('notify-a', 'manager2');
  otherAdmin = await t.login('notify-b', 'admin-printing-shop');
  sysadmin = await t.login('kerf', 'sysadmin');
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('shift and period arithmetic', () => {
  it('knows the shift and the due report period in the zone', () => {
    const shift = {
      timeZone: 'Europe/Berlin',
      shiftDays: [1, 2, 3, 4, 5],
      shiftStart: '06:00',
      shiftEnd: '22:00',
    };
    expect(inShift(shift, new Date('2026-11-23T04:59:00Z'))).toBe(false); // 05:59 local
    expect(inShift(shift, new Date('2026-11-23T05:00:00Z'))).toBe(true);
    expect(inShift(shift, new Date('2026-11-22T12:00:00Z'))).toBe(false); // Sunday
    expect(duePeriod('DAILY', 'Europe/Berlin', NOW, 6)).toEqual({
      firstDay: '2026-11-22',
      start: new Date('2026-11-21T23:00:00Z'),
      end: new Date('2026-11-22T23:00:00Z'),
    });
    // before 06:00 local the day before yesterday is the latest one due
    expect(duePeriod('DAILY', 'Europe/Berlin', new Date('2026-11-23T04:00:00Z'), 6).firstDay).toBe(
      '2026-11-21',
    );
    expect(duePeriod('WEEKLY', 'Europe/Berlin', NOW, 6)).toMatchObject({ firstDay: '2026-11-16' });
    expect(duePeriod('WEEKLY', 'Europe/Berlin', new Date('2026-11-23T04:00:00Z'), 6).firstDay).toBe(
      '2026-11-09',
    );
  });
});

describe('notifications', () => {
  it('starts empty; preferences are opt-in and per kind', async () => {
    const list = await call('GET', `${P}/notifications`, manager);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [], unread: 0 });
    expect((await call('GET', `${P}/notification-preferences`, manager)).json()).toEqual({
      emailKinds: [],
      email: 'printing-shop-manager@notify-a.example',
    });
    const set = await call('PUT', `${P}/notification-preferences`, manager, {
      emailKinds: ['LONG_INTERRUPTION', 'KNIFE_SWAP_REQUIRED', 'LONG_INTERRUPTION'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().emailKinds).toEqual(['KNIFE_SWAP_REQUIRED', 'LONG_INTERRUPTION']);
    const bad = await call('PUT', `${P}/notification-preferences`, manager, { emailKinds: ['SOMETHING'] });
    expect(bad.statusCode).toBe(400);
    // operators have none
    const operatorTenant = await t.addTenant('notify-op', 'PRINTING_SHOP', ['PRINTING_SHOP_OPERATOR']);
    expect(operatorTenant.tenantId).toBeTruthy();
    const operator = await t.login('notify-op', 'printing-shop-operator');
    expect((await call('GET', `${P}/notifications`, operator)).statusCode).toBe(403);
  });

  it('each trigger fires once per occurrence, for the users it concerns, with e-mail only for those who opted in', async () => {
    // live: a user may subscribe to their own notifications only
    const live = await openLive(baseUrl);
    const own = userIds.PRINTING_SHOP_MANAGER!;
    live.send({ token: manager.bearerToken, type: 'NOTIFICATION', resource: userIds.ADMIN_PRINTING_SHOP! });
    expect(await live.next((f) => f.kind === 'ERROR')).toMatchObject({ status: 403 });
    live.send({ token: manager.bearerToken, type: 'NOTIFICATION', resource: own, replayLastEvent: true });
    await live.next((f) => f.kind === 'SUBSCRIBED');

    const result = await t.app.kerf.notifications.notifications.run({ now: NOW, reloadTenants: true });
    expect(result).toMatch(/^6 notifications, 2 e-mails$/);
    const event = await live.next((f) => f.kind === 'EVENT' && f.type === 'NOTIFICATION');
    expect(event).toMatchObject({
      resource: own,
      data: { userId: own, machineName: expect.stringMatching(/^Polar/) },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live.frames.filter((f) => f.kind === 'EVENT')).toHaveLength(3); // the manager's three, not the admin's
    live.close();
    const forManager = (await call('GET', `${P}/notifications`, manager)).json() as NotificationList;
    expect(forManager.unread).toBe(3);
    expect(forManager.items.map((n) => n.kind).sort()).toEqual([
      'KNIFE_SWAP_REQUIRED',
      'LONG_INTERRUPTION',
      'MACHINE_OFFLINE',
    ]);
    const knife = forManager.items.find((n) => n.kind === 'KNIFE_SWAP_REQUIRED');
    expect(knife).toMatchObject({
      machineId: machine.knife,
      machineName: 'Polar 1',
      knifeRfid: 'A1B2C3D4',
      readAt: null,
    });
    expect(forManager.items.find((n) => n.kind === 'MACHINE_OFFLINE')).toMatchObject({
      machineId: machine.offline,
      since: '2026-11-23T09:00:00.000Z',
    });
    expect(forManager.items.find((n) => n.kind === 'LONG_INTERRUPTION')).toMatchObject({
      machineId: machine.interrupted,
      status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING',
    });
    // the admin sees every machine; a manager without locations none
    expect(((await call('GET', `${P}/notifications`, admin)).json() as NotificationList).items).toHaveLength(
      3,
    );
    expect(
      ((await call('GET', `${P}/notifications`, manager2)).json() as NotificationList).items,
    ).toHaveLength(0);

    const managerMails = await mailsTo('printing-shop-manager@notify-a.example');
    expect(managerMails.map((m) => m.kind).sort()).toEqual([
      'notification-knife-swap-required',
      'notification-long-interruption',
    ]);
    expect(managerMails.find((m) => m.kind === 'notification-knife-swap-required')?.subject).toBe(
      'Knife swap required on Polar 1',
    );
    expect(await mailsTo('admin-printing-shop@notify-a.example')).toHaveLength(0);

    // again: nothing new, no second mail
    const again = await t.app.kerf.notifications.notifications.run({ now: NOW });
    expect(again).toBe('0 notifications, 0 e-mails');
    expect(await mailsTo('printing-shop-manager@notify-a.example')).toHaveLength(2);
  });

  it('a new occurrence (the interruption ends and starts again) is notified again', async () => {
    await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      tx.execute(
        sql`UPDATE cutting_machines SET status_since = '2026-11-23T10:12:00Z' WHERE id = ${machine.interrupted}`,
      ),
    );
    const result = await t.app.kerf.notifications.notifications.run({ now: NOW });
    expect(result).toBe('2 notifications, 1 e-mails');
    // a shorter threshold-less interruption is not reported: 16 minutes > 15, 10 minutes < 15
    await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      tx.execute(
        sql`UPDATE cutting_machines SET status_since = '2026-11-23T10:25:00Z' WHERE id = ${machine.interrupted}`,
      ),
    );
    expect(await t.app.kerf.notifications.notifications.run({ now: NOW })).toBe('0 notifications, 0 e-mails');
  });

  it('marks read one by one and all at once; unknown or foreign ids are 404', async () => {
    const list = (await call('GET', `${P}/notifications`, manager)).json() as NotificationList;
    const first = list.items[0]!;
    const read = await call('POST', `${P}/notifications/${first.id}/read`, manager);
    expect(read.statusCode).toBe(204);
    const after = (await call('GET', `${P}/notifications`, manager)).json() as NotificationList;
    expect(after.unread).toBe(list.unread - 1);
    expect(after.items.find((n) => n.id === first.id)?.readAt).not.toBeNull();
    expect(
      ((await call('GET', `${P}/notifications?unreadOnly=true`, manager)).json() as NotificationList).items,
    ).toHaveLength(list.unread - 1);
    // another user's notification, another tenant's user, an unknown id
    expect((await call('POST', `${P}/notifications/${first.id}/read`, admin)).statusCode).toBe(404);
    const foreign = await call('POST', `${P}/notifications/${first.id}/read`, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('service.printing-shops.NOTIFICATION_NOT_FOUND');
    expect((await call('POST', `${P}/notifications/${randomUUID()}/read`, manager)).statusCode).toBe(404);
    expect((await call('POST', `${P}/notifications/not-a-uuid/read`, manager)).statusCode).toBe(400);

    expect((await call('POST', `${P}/notifications/read-all`, manager)).statusCode).toBe(204);
    expect(((await call('GET', `${P}/notifications`, manager)).json() as NotificationList).unread).toBe(0);
    // the admin's stay unread
    expect(
      ((await call('GET', `${P}/notifications`, admin)).json() as NotificationList).unread,
    ).toBeGreaterThan(0);
  });

  it('another tenant sees none of them', async () => {
    expect((await call('GET', `${P}/notifications`, otherAdmin)).json()).toEqual({ items: [], unread: 0 });
    const rows = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM notifications`),
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('the admin sets the shift window and threshold; managers may read but not change them', async () => {
    expect((await call('GET', `${P}/notification-settings`, manager)).json()).toEqual({
      timeZone: 'Europe/Berlin',
      shiftDays: [1, 2, 3, 4, 5],
      shiftStart: '06:00',
      shiftEnd: '22:00',
      interruptionMinutes: 15,
    });
    const body = {
      timeZone: 'Europe/Warsaw',
      shiftDays: [7, 1, 2],
      shiftStart: '05:30',
      shiftEnd: '23:00',
      interruptionMinutes: 5,
    };
    expect((await call('PUT', `${P}/notification-settings`, manager, body)).statusCode).toBe(403);
    const saved = await call('PUT', `${P}/notification-settings`, admin, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...body, shiftDays: [1, 2, 7] });
    const wrong = await call('PUT', `${P}/notification-settings`, admin, { ...body, shiftEnd: '05:00' });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('shiftEnd');
    const zone = await call('PUT', `${P}/notification-settings`, admin, {
      ...body,
      timeZone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);
    // the other tenant still has the defaults
    expect((await call('GET', `${P}/notification-settings`, otherAdmin)).json()).toMatchObject({
      timeZone: 'Europe/Berlin',
    });
    // with the Sunday in the shift now, the Sunday outage is reported
    await t.app.kerf.notifications.notifications.run({ now: NOW });
    const sunday = ((await call('GET', `${P}/notifications`, admin)).json() as NotificationList).items.filter(
      (n) => n.machineId === machine.sunday,
    );
    expect(sunday).toEqual([
      expect.objectContaining({ kind: 'MACHINE_OFFLINE', since: '2026-11-22T12:00:00.000Z' }),
    ]);
  });
});

describe('scheduled report e-mails', () => {
  it('a manager subscribes; the job mails the previous day once, with the CSV attached; unsubscribing stops it', async () => {
    expect((await call('GET', `${P}/report-subscriptions`, manager)).json()).toEqual([]);
    const subscribed = await call('PUT', `${P}/report-subscriptions/DAILY`, manager, {
      timeZone: 'Europe/Berlin',
      language: 'GERMAN',
    });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json()).toMatchObject({
      frequency: 'DAILY',
      timeZone: 'Europe/Berlin',
      lastPeriodStart: null,
    });
    expect(
      (
        await call('PUT', `${P}/report-subscriptions/MONTHLY`, manager, {
          timeZone: 'UTC',
          language: 'GERMAN',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `${P}/report-subscriptions/DAILY`, manager, {
          timeZone: 'Nowhere/City',
          language: 'GERMAN',
        })
      ).statusCode,
    ).toBe(400);
    // admins have no reports, so no report e-mails
    expect(
      (await call('PUT', `${P}/report-subscriptions/DAILY`, admin, { timeZone: 'UTC', language: 'GERMAN' }))
        .statusCode,
    ).toBe(403);

    expect(await t.app.kerf.notifications.reportMails.run({ now: NOW })).toMatch(/report e-mails$/);
    const mails = (await mailsTo('printing-shop-manager@notify-a.example')).filter(
      (m) => m.kind === 'report-daily',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Kerf-Tagesbericht 2026-11-22');
    const mail = (await call('GET', `/api/system/mails/${mails[0]!.id}`, sysadmin)).json() as Mail;
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file!.filename).toBe('report-daily-notify-a-2026-11-22.csv');
    expect(file!.contentType).toBe('text/csv; charset=utf-8');
    const lines = file!.content.replace('\uFEFF', '').split('\r\n');
    // German: `;` separators, German titles and headers; the four sections, the manager's machines
    // with the period in the subscription's zone
    expect(lines[0]).toBe('# Schneidemaschinen');
    expect(
      lines[1]!.startsWith(
        'Schneidemaschine;Seriennummer;Standort;Beginn des Zeitraums (ISO 8601);Beginn des Zeitraums (Europe/Berlin);',
      ),
    ).toBe(true);
    const polar1 = lines.find((line) => line.startsWith('Polar 1;'));
    expect(polar1).toContain(
      'NA-1;Halle 1;2026-11-22T00:00:00+01:00;"22.11.2026, 00:00:00";2026-11-23T00:00:00+01:00;',
    );
    for (const section of ['# Mitarbeiter', '# Messer', '# Aufträge']) expect(lines).toContain(section);
    expect(file!.size).toBe(Buffer.byteLength(file!.content, 'utf8'));

    const list = (await call('GET', `${P}/report-subscriptions`, manager)).json() as ReportSubscription[];
    expect(list).toEqual([expect.objectContaining({ frequency: 'DAILY', lastPeriodStart: '2026-11-22' })]);

    // the same period is not mailed twice; a manager who did not subscribe gets nothing
    await t.app.kerf.notifications.reportMails.run({ now: new Date(NOW.getTime() + 3600_000) });
    expect(
      (await mailsTo('printing-shop-manager@notify-a.example')).filter((m) => m.kind === 'report-daily'),
    ).toHaveLength(1);
    expect(await mailsTo('manager2@notify-a.example')).toHaveLength(0);

    expect((await call('DELETE', `${P}/report-subscriptions/DAILY`, manager)).statusCode).toBe(204);
    expect((await call('GET', `${P}/report-subscriptions`, manager)).json()).toEqual([]);
    await t.app.kerf.notifications.reportMails.run({ now: new Date(NOW.getTime() + 86_400_000) });
    expect(
      (await mailsTo('printing-shop-manager@notify-a.example')).filter((m) => m.kind === 'report-daily'),
    ).toHaveLength(1);
    // another tenant does not see or remove them
    expect((await call('GET', `${P}/report-subscriptions`, otherAdmin)).statusCode).toBe(403);
  });
});

describe('demo', () => {
  it('the demo manager has read and unread notifications and the daily report e-mail', async () => {
    const demoManager = await t.login('demo', 'manager');
    const list = (await call('GET', `${P}/notifications`, demoManager)).json() as NotificationList;
    expect(list.items.length).toBeGreaterThanOrEqual(3);
    expect(list.unread).toBeGreaterThan(0);
    expect(list.items.some((n) => n.readAt !== null)).toBe(true);
    const subscriptions = (
      await call('GET', `${P}/report-subscriptions`, demoManager)
    ).json() as ReportSubscription[];
    expect(subscriptions.map((s) => s.frequency)).toEqual(['DAILY']);
  });
});
