import {
  knifeSwapUrgency,
  type MachineStatus,
  machineStatusGroup,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
  type NotificationSettings,
  type SetNotificationSettings,
} from '@kerf/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformActor, Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { iso } from '../../lib/dates';
import { type LiveEvent, type LivePublisher, liveEvent } from '../../live/live-event';
import { STALE_MS } from '../machines/index';
import { queueMail } from '../mail/index';
import { inShift } from './local-time';
import { fill, mailTexts } from './mail-texts';
import {
  findEmailKinds,
  findSettings,
  insertNotifications,
  listUserNotifications,
  type MachineState,
  machineStates,
  markAllRead,
  markRead,
  type NewNotification,
  type NotificationRow,
  printingShopTenants,
  type Recipient,
  recipients,
  saveEmailKinds,
  saveSettings,
  userEmail,
} from './notifications.repository';

const SYSTEM: PlatformActor = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null };
const TENANT_LIST_TTL_MS = 5 * 60_000;
/** A machine that went offline longer ago than this is not reported any more (first start, long outages). */
const OFFLINE_LOOKBACK_MS = 24 * 3600_000;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    machineId: row.machineId,
    machineName: row.machineName ?? null,
    knifeRfid: row.knifeRfid,
    status: (row.status as MachineStatus | null) ?? null,
    since: iso(row.since),
    createdAt: iso(row.createdAt),
    readAt: row.readAt ? iso(row.readAt) : null,
  };
}

/** An occurrence the rules found, before it is fanned out to the users who should hear of it. */
interface Occurrence {
  kind: NotificationKind;
  dedupeKey: string;
  machine: MachineState;
  knifeRfid: string | null;
  status: string | null;
  since: Date;
}

/** When a machine went offline, if it is offline now (its last will, or silence since its last heartbeat). */
function offlineSince(machine: MachineState, now: number): Date | null {
  if (!machine.presence && !machine.lastHeartbeatAt) return null; // never connected
  if (machine.presence === 'OFFLINE') return machine.presenceAt;
  const heard = machine.lastHeartbeatAt?.getTime() ?? 0;
  if (heard >= now - STALE_MS) return null;
  if (machine.presence === 'ONLINE' && machine.presenceAt && machine.presenceAt.getTime() >= now - STALE_MS)
    return null; // connecting
  return heard > 0 ? new Date(heard + STALE_MS) : machine.presenceAt;
}

/** The three rules (docs/architecture.md "Notifications") over the tenant's machines at `now`. */
function findOccurrences(machines: MachineState[], settings: NotificationSettings, now: Date): Occurrence[] {
  const found: Occurrence[] = [];
  const nowMs = now.getTime();
  for (const machine of machines) {
    if (
      machine.knifeRfid &&
      knifeSwapUrgency(machine.knifeCutsSinceGrinding, machine.knifeSwapInterval) === 'SWAP_REQUIRED'
    ) {
      // one occurrence per grinding cycle: the knife's cuts at its last grinding name the cycle
      const cycle = Math.round((machine.knifeTotalCuts ?? 0) - (machine.knifeCutsSinceGrinding ?? 0));
      found.push({
        kind: 'KNIFE_SWAP_REQUIRED',
        dedupeKey: `knife:${machine.knifeRfid}:${cycle}`,
        machine,
        knifeRfid: machine.knifeRfid,
        status: null,
        since: machine.lastCutAt ?? now,
      });
    }
    const offline = offlineSince(machine, nowMs);
    if (offline && offline.getTime() >= nowMs - OFFLINE_LOOKBACK_MS && inShift(settings, offline)) {
      found.push({
        kind: 'MACHINE_OFFLINE',
        dedupeKey: `offline:${machine.id}:${offline.toISOString()}`,
        machine,
        knifeRfid: null,
        status: null,
        since: offline,
      });
    }
    if (
      machine.currentStatus &&
      machine.statusSince &&
      machineStatusGroup(machine.currentStatus as MachineStatus) === 'INTERRUPTION' &&
      nowMs - machine.statusSince.getTime() >= settings.interruptionMinutes * 60_000
    ) {
      found.push({
        kind: 'LONG_INTERRUPTION',
        dedupeKey: `interruption:${machine.id}:${machine.statusSince.toISOString()}`,
        machine,
        knifeRfid: null,
        status: machine.currentStatus,
        since: machine.statusSince,
      });
    }
  }
  return found;
}

/** Admins hear of every machine; a manager of the machines at the locations assigned to them. */
function concerns(recipient: Recipient, machine: MachineState): boolean {
  if (recipient.role === 'ADMIN_PRINTING_SHOP') return true;
  return machine.locationId !== null && recipient.locationIds.includes(machine.locationId);
}

function mailFor(row: NotificationRow, recipient: Recipient, settings: NotificationSettings) {
  const texts = mailTexts(recipient.language);
  const kind = row.kind as NotificationKind;
  const values = {
    machine: row.machineName ?? '',
    knife: row.knifeRfid,
    status: row.status,
    since: `${iso(row.since).slice(0, 16).replace('T', ' ')} UTC`,
    minutes: settings.interruptionMinutes,
  };
  return {
    kind: `notification-${kind.toLowerCase().replaceAll('_', '-')}`,
    recipient: recipient.email ?? '',
    subject: fill(texts.subject[kind], values),
    body: `${fill(texts.body[kind], values)}\n\n${texts.footer}\n`,
  };
}

export function createNotificationsService(deps: {
  transactions: Transactions;
  live: LivePublisher;
  log: FastifyBaseLogger;
  deliverMail: () => void;
}) {
  const { transactions, live } = deps;
  let tenants: string[] = [];
  let tenantsLoadedAt = Number.NEGATIVE_INFINITY;

  /** Records the occurrences for the users they concern; answers the new rows' live events. */
  async function record(tx: Tx, tenantId: string, occurrences: Occurrence[], settings: NotificationSettings) {
    if (occurrences.length === 0) return { events: [] as LiveEvent[], mails: 0 };
    const people = await recipients(tx);
    const rows: NewNotification[] = [];
    for (const occurrence of occurrences) {
      for (const person of people) {
        if (!concerns(person, occurrence.machine)) continue;
        rows.push({
          tenantId,
          userId: person.id,
          kind: occurrence.kind,
          dedupeKey: occurrence.dedupeKey,
          machineId: occurrence.machine.id,
          knifeRfid: occurrence.knifeRfid,
          status: occurrence.status,
          since: occurrence.since,
        });
      }
    }
    const inserted = await insertNotifications(tx, rows);
    const names = new Map(occurrences.map((o) => [o.machine.id, o.machine.name]));
    const byId = new Map(people.map((person) => [person.id, person]));
    const events: LiveEvent[] = [];
    let mails = 0;
    for (const row of inserted) {
      const full: NotificationRow = {
        ...row,
        machineName: row.machineId ? (names.get(row.machineId) ?? null) : null,
      };
      events.push(liveEvent(tenantId, 'NOTIFICATION', { ...toNotification(full), userId: row.userId }));
      const person = byId.get(row.userId);
      if (person?.email && person.emailKinds.includes(row.kind)) {
        await queueMail(tx, mailFor(full, person, settings));
        mails += 1;
      }
    }
    return { events, mails };
  }

  return {
    async list(
      actor: Actor,
      query: { unreadOnly?: 'true' | 'false'; limit: number },
    ): Promise<NotificationList> {
      const result = await transactions.withTenant(actor.tenantId, (tx) =>
        listUserNotifications(tx, actor.userId, {
          unreadOnly: query.unreadOnly === 'true',
          limit: query.limit,
        }),
      );
      return { items: result.items.map(toNotification), unread: result.unread };
    },

    async markRead(actor: Actor, id: string) {
      const found = await transactions.withTenant(actor.tenantId, (tx) => markRead(tx, actor.userId, id));
      if (!found) throw new AppError('service.printing-shops.NOTIFICATION_NOT_FOUND');
    },

    async markAllRead(actor: Actor) {
      await transactions.withTenant(actor.tenantId, (tx) => markAllRead(tx, actor.userId));
    },

    async preferences(actor: Actor): Promise<NotificationPreferences> {
      return transactions.withTenant(actor.tenantId, async (tx) => ({
        emailKinds: sortKinds(await findEmailKinds(tx, actor.userId)),
        email: await userEmail(tx, actor.userId),
      }));
    },

    async setPreferences(actor: Actor, emailKinds: NotificationKind[]): Promise<NotificationPreferences> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        await saveEmailKinds(tx, actor.tenantId, actor.userId, sortKinds([...new Set(emailKinds)]));
        return {
          emailKinds: sortKinds(await findEmailKinds(tx, actor.userId)),
          email: await userEmail(tx, actor.userId),
        };
      });
    },

    settings: (actor: Actor) => transactions.withTenant(actor.tenantId, (tx) => findSettings(tx)),

    async setSettings(actor: Actor, input: SetNotificationSettings): Promise<NotificationSettings> {
      const settings: NotificationSettings = {
        ...input,
        shiftDays: [...new Set(input.shiftDays)].sort((a, b) => a - b),
      };
      return transactions.withTenant(actor.tenantId, async (tx) => {
        await saveSettings(tx, actor.tenantId, settings);
        await audit(tx, actor, 'printing-shop.notification-settings.update', 'tenant', actor.tenantId);
        return findSettings(tx);
      });
    },

    /**
     * One run of the `notifications` job: for each printing shop, the rules over its machines; new
     * occurrences become one notification per admin / manager concerned (deduplicated), e-mails for
     * those who opted in, and live events after the commit.
     */
    async run(options: { now?: Date; signal?: AbortSignal; reloadTenants?: boolean } = {}): Promise<string> {
      const now = options.now ?? new Date();
      if (options.reloadTenants || Date.now() - tenantsLoadedAt > TENANT_LIST_TTL_MS) {
        tenants = await transactions.withPlatform(
          { actor: SYSTEM, action: 'notifications.tenants.read' },
          (tx) => printingShopTenants(tx),
        );
        tenantsLoadedAt = Date.now();
      }
      let created = 0;
      let mails = 0;
      for (const tenantId of tenants) {
        if (options.signal?.aborted) break;
        const result = await transactions.withTenant(tenantId, async (tx) => {
          const settings = await findSettings(tx);
          const occurrences = findOccurrences(await machineStates(tx), settings, now);
          return record(tx, tenantId, occurrences, settings);
        });
        created += result.events.length;
        mails += result.mails;
        if (result.events.length > 0) live.publish(result.events);
      }
      if (mails > 0) deps.deliverMail();
      return `${created} notifications, ${mails} e-mails`;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

const sortKinds = (kinds: string[]) =>
  NOTIFICATION_KINDS.filter((kind) => kinds.includes(kind)) as NotificationKind[];
