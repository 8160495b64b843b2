import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import {
  insertNotifications,
  type NewNotification,
  saveEmailKinds,
  upsertSubscription,
} from './notifications.repository';

const MINUTE = 60_000;

/**
 * The demo printing shop's notifications (issue 18): for the admin and the manager, a knife due for a
 * swap and a machine offline (unread) and a long interruption of yesterday (read); the manager gets
 * knife swaps by e-mail too and has the daily report e-mail (German, Europe/Berlin).
 */
export async function seedDemoNotifications(tx: Tx, tenantId: string) {
  const people = await queryRows<{ id: string; username: string }>(
    tx,
    sql`SELECT id, username FROM users WHERE username IN ('admin', 'manager') AND deleted_at IS NULL`,
  );
  const manager = people.find((p) => p.username === 'manager');
  if (!manager) return;
  // machines the manager sees (their locations), with a knife in them where there is one
  const machines = await queryRows<{ id: string; knife: string | null }>(
    tx,
    sql`SELECT m.id, m.current_knife_rfid AS knife FROM cutting_machines m
        WHERE m.deleted_at IS NULL
          AND (m.location_id IN (SELECT location_id FROM user_locations WHERE user_id = ${manager.id})
               OR NOT EXISTS (SELECT 1 FROM user_locations WHERE user_id = ${manager.id}))
        ORDER BY m.current_knife_rfid IS NULL, m.serial_number LIMIT 3`,
  );
  const knife = await queryRows<{ rfid: string }>(tx, sql`SELECT rfid FROM knives ORDER BY rfid LIMIT 1`);
  const [first, second, third] = machines;
  if (!first) return;
  const now = Date.now();
  const rows: NewNotification[] = [];
  for (const person of people) {
    rows.push({
      tenantId,
      userId: person.id,
      kind: 'KNIFE_SWAP_REQUIRED',
      dedupeKey: `demo:knife:${first.id}`,
      machineId: first.id,
      knifeRfid: first.knife ?? knife[0]?.rfid ?? null,
      status: null,
      since: new Date(now - 25 * MINUTE),
    });
    rows.push({
      tenantId,
      userId: person.id,
      kind: 'MACHINE_OFFLINE',
      dedupeKey: `demo:offline:${(second ?? first).id}`,
      machineId: (second ?? first).id,
      knifeRfid: null,
      status: null,
      since: new Date(now - 70 * MINUTE),
    });
    rows.push({
      tenantId,
      userId: person.id,
      kind: 'LONG_INTERRUPTION',
      dedupeKey: `demo:interruption:${(third ?? first).id}`,
      machineId: (third ?? first).id,
      knifeRfid: null,
      status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING',
      since: new Date(now - 26 * 60 * MINUTE),
    });
  }
  const inserted = await insertNotifications(tx, rows);
  // creation times in the past, and yesterday's interruption already read
  for (const row of inserted) {
    const createdAt = new Date(
      row.since.getTime() + (row.kind === 'LONG_INTERRUPTION' ? 15 * MINUTE : MINUTE),
    );
    await tx.execute(
      sql`UPDATE notifications SET created_at = ${createdAt.toISOString()},
                 read_at = ${row.kind === 'LONG_INTERRUPTION' ? new Date(createdAt.getTime() + 20 * MINUTE).toISOString() : null}
          WHERE id = ${row.id}`,
    );
  }
  await saveEmailKinds(tx, tenantId, manager.id, ['KNIFE_SWAP_REQUIRED']);
  await upsertSubscription(tx, {
    tenantId,
    userId: manager.id,
    frequency: 'DAILY',
    timeZone: 'Europe/Berlin',
    language: 'GERMAN',
  });
}
