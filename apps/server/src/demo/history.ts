import type { TelemetryEvent } from '@kerf/contracts';
import {
  knivesFor,
  machineTimeline,
  randomSource,
  type WorkSchedule,
  workingTime,
} from '@kerf/edge/simulation';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DatabaseHandle, queryRows } from '../db/client';
import type { Transactions } from '../db/transactions';
import { sha256Hex } from '../lib/hash';
import { addDays, type CalendarDefinition, localDateOf, shiftOccurrences } from '../lib/shift-calendar';
import { findTenantBySlug } from '../modules/auth/index';
import { creditKnifeRegrind } from '../modules/knife/index';
import { readShiftCalendars } from '../modules/printing-shop/index';
import { closeCuttingJob, openCuttingJob } from '../modules/report/index';
import type { TelemetryService } from '../modules/telemetry/index';

/**
 * Weeks of machine history for the demo printing shop, so that every status colour, interruption
 * and support reason, knife swap and report has data on first start. The edge's machine model
 * (`@kerf/edge/simulation`, shift pace) plays each machine; everything goes through the telemetry
 * write path (`record`), in one batch per shift, like an agent replaying its outbox.
 *
 * Idempotent: a machine's history is one boot id derived from its serial. A machine that already
 * has it is skipped; one whose history was cut short (the server stopped) is resumed after the last
 * stored event. History ends where the machine's live data begins, so it never overlaps them.
 */
export interface DemoHistoryOptions {
  days: number;
  /** end of the history (default: now) */
  now?: number;
  tenantSlug?: string;
  /** checked between batches: stop early (the server is shutting down) */
  stopped?: () => boolean;
}

export interface DemoHistoryResult {
  machines: number;
  events: number;
  cuts: number;
}

const DAY = 24 * 3600_000;
/** Platform actions without a signed-in user are recorded under the nil tenant. */
const SYSTEM = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null };

/** A stable UUID for (tenant, serial): the boot id of the machine's demo history. */
function historyBootId(tenantId: string, serial: string): string {
  const hex = sha256Hex(`kerf-demo-history/${tenantId}/${serial}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface MachineRow {
  id: string;
  serialNumber: string;
  locationId: string | null;
}

/**
 * The working time of a machine from its location's shift calendar, from `start` to `end`: each
 * shift with its planned breaks (the gaps between its planned intervals). So the history works when
 * the calendar plans work, in the location's time zone, Saturday shift and holidays included, and
 * OEE and the board measure the demo against its own plan.
 */
function scheduleOf(calendar: CalendarDefinition, start: number, end: number): WorkSchedule {
  const first = addDays(localDateOf(calendar.timeZone, start), -1);
  const last = localDateOf(calendar.timeZone, end);
  return {
    shifts: shiftOccurrences(calendar, first, last).map((occurrence) => ({
      start: occurrence.start.getTime(),
      end: occurrence.end.getTime(),
      breaks: occurrence.intervals.slice(1).map((interval, index) => ({
        start: occurrence.intervals[index]!.end.getTime(),
        end: interval.start.getTime(),
      })),
    })),
  };
}

export async function writeDemoHistory(
  deps: { transactions: Transactions; telemetry: TelemetryService; database: Pick<DatabaseHandle, 'db'> },
  options: DemoHistoryOptions,
): Promise<DemoHistoryResult> {
  const { transactions, telemetry } = deps;
  const result: DemoHistoryResult = { machines: 0, events: 0, cuts: 0 };
  if (options.days <= 0) return result;
  const slug = options.tenantSlug ?? 'demo';
  const tenant = await transactions.withPlatform(
    { actor: SYSTEM, action: 'platform.seed.history', details: { slug } },
    (tx) => findTenantBySlug(tx, slug),
  );
  if (!tenant) return result;
  const { machines, operators, calendars } = await transactions.withTenant(tenant.id, async (tx) => {
    const rows = await queryRows<MachineRow>(
      tx,
      sql`SELECT id, serial_number AS "serialNumber", location_id AS "locationId" FROM cutting_machines
          WHERE deleted_at IS NULL ORDER BY serial_number`,
    );
    return {
      machines: rows,
      // machines at a location with a shift calendar work by it, the others Monday to Friday in UTC
      calendars: await readShiftCalendars(
        tx,
        rows.flatMap((row) => (row.locationId ? [row.locationId] : [])),
      ),
      // The shop's operators take the shifts in turn; the manager stands in.
      operators: (
        await queryRows<{ id: string }>(
          tx,
          sql`SELECT id FROM users WHERE deleted_at IS NULL AND active
            AND role IN ('PRINTING_SHOP_OPERATOR', 'PRINTING_SHOP_MANAGER') ORDER BY role DESC, username`,
        )
      ).map((row) => row.id),
    };
  });
  const now = options.now ?? Date.now();

  for (const [index, machine] of machines.entries()) {
    if (options.stopped?.()) break;
    const boot = historyBootId(tenant.id, machine.serialNumber);
    const state = await transactions.withTenant(tenant.id, async (tx) => {
      const [row] = await queryRows<{ firstAt: string | null; lastSeq: number | null }>(
        tx,
        sql`SELECT (SELECT min(at) FROM knife_scans WHERE machine_id = ${machine.id} AND boot_id = ${boot}) AS "firstAt",
                   greatest(
                     (SELECT max(seq) FROM cuts WHERE machine_id = ${machine.id} AND boot_id = ${boot}),
                     (SELECT max(seq) FROM machine_status_intervals WHERE machine_id = ${machine.id} AND boot_id = ${boot}),
                     (SELECT max(seq) FROM knife_scans WHERE machine_id = ${machine.id} AND boot_id = ${boot})
                   )::float8 AS "lastSeq"`,
      );
      const start = row?.firstAt ? new Date(row.firstAt).getTime() : now - options.days * DAY;
      const [live] = await queryRows<{ at: string | null }>(
        tx,
        sql`SELECT min(started_at) AS at FROM machine_status_intervals
            WHERE machine_id = ${machine.id} AND boot_id <> ${boot} AND started_at > ${new Date(start).toISOString()}`,
      );
      return {
        start,
        lastSeq: Number(row?.lastSeq ?? 0),
        liveFrom: live?.at ? new Date(live.at).getTime() : null,
      };
    });
    const end = Math.min(now, state.liveFrom ?? now);
    const calendar = machine.locationId ? calendars.get(machine.locationId) : undefined;
    const written = await writeMachine(telemetry, transactions, tenant.id, {
      schedule: calendar ? scheduleOf(calendar, state.start, end) : undefined,
      id: machine.id,
      serial: machine.serialNumber,
      boot,
      seed: 7919 * (index + 1),
      knives: knivesFor(machine.serialNumber, index),
      operators,
      start: state.start,
      end,
      after: state.lastSeq,
      stopped: options.stopped,
    });
    if (written.events === 0) continue;
    result.machines += 1;
    result.events += written.events;
    result.cuts += written.cuts;
    if (written.complete) await regrindKnives(transactions, tenant.id, written.ground);
  }
  if (result.events > 0 && !options.stopped?.())
    await deps.database.db.execute(sql.raw(`VACUUM (ANALYZE) ${HISTORY_TABLES.join(', ')}`));
  return result;
}

/**
 * The tables the history fills. A bulk load leaves the planner without statistics (and index-only
 * scans without a visibility map) until autovacuum comes round, or for good where it is switched
 * off: the 24-hour uptime of the location list then plans as if the intervals table were empty and
 * costs twice the database time. So the writer vacuums and analyzes what it wrote, as one does
 * after any bulk load.
 */
const HISTORY_TABLES = [
  'machine_status_intervals',
  'cuts',
  'knife_scans',
  'cut_rollups_hourly',
  'cut_rollups_daily',
  'status_times_daily',
  'cutting_jobs',
  'grinding_cycles',
  'knives',
];

type HistoryEvent = TelemetryEvent;

/**
 * Plays one machine from `start` to `end` and records the events after seq `after`, one shift per
 * batch: first the shift's opening status (as set by the shift's operator, which makes them the
 * machine's operator), then the rest, so that the shift's cuts are booked to that operator.
 */
async function writeMachine(
  telemetry: TelemetryService,
  transactions: Transactions,
  tenantId: string,
  machine: {
    id: string;
    serial: string;
    boot: string;
    seed: number;
    knives: string[];
    schedule?: WorkSchedule;
    operators: string[];
    start: number;
    end: number;
    after: number;
    stopped?: () => boolean;
  },
) {
  let seq = 0;
  let events = 0;
  let cuts = 0;
  let chunk: HistoryEvent[] = [];
  let operatorId: string | null = null;
  let currentShift: number | null | undefined;
  let lastStatus: HistoryEvent | null = null;
  // Knife counters: cuts per knife in all, and since it was last put in. A knife taken out goes to
  // the grinder, so its counter starts again at its next stint.
  const total = new Map<string, number>();
  const sinceInsert = new Map<string, number>();
  let complete = true;

  const orders = createOrderBook(transactions, tenantId, machine.id, machine.seed);
  const record = async (part: HistoryEvent[]) => {
    await telemetry.record(tenantId, [
      { serial: machine.serial, boot: machine.boot, events: part, source: 'OPERATOR', operatorId },
    ]);
    events += part.length;
    cuts += part.filter((event) => event.type === 'cut').length;
    // PGlite answers without a trip through the event loop: let requests and live telemetry in.
    await new Promise((resolve) => setImmediate(resolve));
  };

  const flush = async () => {
    const batch = chunk.filter((event) => event.seq > machine.after);
    chunk = [];
    if (batch.length === 0) return;
    // The order that ran at the end of the last shift ends where this batch begins.
    await orders.close(batch[0]!.at);
    const opening = batch.findIndex((event) => event.type === 'status') + 1;
    if (opening > 0) await record(batch.slice(0, opening));
    const rest = batch.slice(opening);
    if (rest.length === 0) return;
    if (operatorId === null) {
      await record(rest);
      return;
    }
    // A working shift: the operator works through one to four orders, each booked its cuts and times.
    const parts = orders.split(rest);
    for (const [index, part] of parts.entries()) {
      await orders.open(part[0]!.at, operatorId, index === parts.length - 1);
      await record(part);
    }
  };

  for (const step of machineTimeline(
    { seed: machine.seed, knives: machine.knives, schedule: machine.schedule },
    machine.start,
    machine.end,
  )) {
    if (!('event' in step)) continue;
    const at = new Date(step.at).toISOString();
    const shift = workingTime(machine, step.at).shift;
    if (shift !== currentShift) {
      await flush();
      if (machine.stopped?.()) {
        complete = false;
        break;
      }
      currentShift = shift;
      operatorId =
        shift === null || machine.operators.length === 0
          ? null
          : machine.operators[(shift + machine.seed) % machine.operators.length]!;
      // The new shift's operator takes over the machine in the status it is in.
      if (lastStatus && step.event.type !== 'status')
        chunk.push({ ...(lastStatus as Extract<HistoryEvent, { type: 'status' }>), seq: ++seq, at });
    }
    const event = { ...step.event, seq: ++seq, at } as HistoryEvent;
    if (event.type === 'status') lastStatus = event;
    if (event.type === 'cut' && event.knifeRfid) {
      total.set(event.knifeRfid, (total.get(event.knifeRfid) ?? 0) + 1);
      sinceInsert.set(event.knifeRfid, (sinceInsert.get(event.knifeRfid) ?? 0) + 1);
    }
    if (event.type === 'knife-inserted') sinceInsert.set(event.rfid, 0);
    chunk.push(event);
  }
  if (complete) await flush();
  const ground = [...total].map(([rfid, cutCount]) => ({
    rfid,
    cuts: cutCount - (sinceInsert.get(rfid) ?? 0),
  }));
  return { events, cuts, complete: complete && events > 0, ground };
}

/** What a printing shop cuts: the orders the demo's operators book their cuts and times to. */
const ORDERS = [
  'Flyer A5 4/4 – Bäckerei Lindner',
  'Visitenkarten 85×55 – Kanzlei Roth & Partner',
  'Broschüre A4 32 S. – Stadtwerke Nord',
  'Etiketten 60×40 – Weingut Keller',
  'Speisekarten A3 – Ristorante Roma',
  'Plakate A2 – Kulturverein Hafen',
  'Briefbogen A4 – Autohaus Brandt',
  'Kalender A3 2027 – Sparkasse Elbe',
  'Postkarten A6 – Museum am Markt',
  'Katalog A4 64 S. – Gartencenter Grün',
  'Eintrittskarten – Stadttheater',
  'Aufkleber rund 50 mm – Imkerei Sommer',
];

/**
 * The orders of one machine's history: each working shift's events are split into one to four
 * orders; about one order in four is not finished at the end of its shift and continues in the
 * next one as a partial job (`parentJobId`), and one in twenty is cancelled. The last order of the
 * history stays open, so the live simulator's cuts are booked to it.
 */
function createOrderBook(transactions: Transactions, tenantId: string, machineId: string, seed: number) {
  const rng = randomSource(seed * 31 + 17);
  // rejects draw from their own source, so the orders themselves stay as they were before issue 36
  const rejectsRng = randomSource(seed * 53 + 29);
  interface Order {
    id: string;
    name: string;
    orderNumber: string;
    programNumber: string;
    continues: boolean;
  }
  let current: Order | null = null;
  let unfinished: Order | null = null;
  let number = Math.floor(rng.next() * 900) + 100;

  /**
   * The rejects an operator records at close (issue 36, OEE quality): 0.5–3 % of the order's cuts;
   * one order in ten only startup rejects (set-up sheets), one in seven none recorded at all.
   */
  function demoRejects(cuts: number) {
    const draw = rejectsRng.next();
    if (draw < 0.14) return null;
    const total = Math.round(cuts * rejectsRng.between(0.005, 0.03));
    if (draw < 0.24) return { startup: total, production: 0 };
    const startup = Math.round(total * rejectsRng.between(0.2, 0.5));
    return { startup, production: total - startup };
  }

  async function close(at: string) {
    if (!current) return;
    const job = current;
    current = null;
    const state = !job.continues && rng.next() < 0.05 ? 'CANCELLED' : 'CLOSED';
    await transactions.withTenant(tenantId, (tx) =>
      closeCuttingJob(tx, job.id, { state, endedAt: at, rejects: state === 'CLOSED' ? demoRejects : null }),
    );
    unfinished = job.continues ? job : null;
  }

  return {
    close,
    /** Opens the next order at `at`; the shift's last one may run on into the next shift. */
    async open(at: string, operatorId: string, lastOfShift: boolean) {
      await close(at);
      const parent = unfinished;
      unfinished = null;
      const name = parent?.name ?? rng.pick(ORDERS);
      const orderNumber =
        parent?.orderNumber ?? `AU-${new Date(at).getUTCFullYear()}-${String(++number).padStart(4, '0')}`;
      const programNumber = parent?.programNumber ?? `P-${1 + Math.floor(rng.next() * 40)}`;
      const id = await transactions.withTenant(tenantId, (tx) =>
        openCuttingJob(tx, tenantId, {
          machineId,
          name,
          orderNumber,
          programNumber,
          parentJobId: parent?.id ?? null,
          startedAt: at,
          createdBy: operatorId,
        }),
      );
      current = { id, name, orderNumber, programNumber, continues: lastOfShift && rng.next() < 0.25 };
    },
    /** Splits a shift's events into one to four orders. */
    split(events: HistoryEvent[]): HistoryEvent[][] {
      const count = 1 + Math.floor(rng.next() * 4);
      const parts: HistoryEvent[][] = [];
      let from = 0;
      for (let index = 1; index <= count; index++) {
        const to = index === count ? events.length : Math.round((events.length * index) / count);
        if (to > from) parts.push(events.slice(from, to));
        from = to;
      }
      return parts;
    },
  };
}

/**
 * Until grinding cycles are recorded (knife module), the demo history regrinds a knife each time it
 * leaves the machine: the cuts before its last stint no longer count as cuts since grinding. A
 * relative update, so cuts that live machines add meanwhile are kept.
 */
async function regrindKnives(
  transactions: Transactions,
  tenantId: string,
  ground: { rfid: string; cuts: number }[],
) {
  const rows = ground.filter((knife) => knife.cuts > 0);
  if (rows.length === 0) return;
  await transactions.withTenant(tenantId, async (tx) => {
    for (const knife of rows) {
      await creditKnifeRegrind(tx, knife.rfid, knife.cuts);
    }
  });
}

/**
 * Demo mode: writes the history after the server listens (it takes longer than a start should),
 * and stops between batches when the server closes.
 */
export function startDemoHistory(app: FastifyInstance) {
  const days = app.kerf.config.demoHistoryDays;
  if (days <= 0) return;
  let stopped = false;
  let running: Promise<void> | null = null;
  app.addHook('onListen', async () => {
    const began = Date.now();
    app.log.info({ days }, 'demo history: writing in the background');
    running = writeDemoHistory(app.kerf, { days, stopped: () => stopped }).then(
      (result) => {
        const seconds = Math.round((Date.now() - began) / 100) / 10;
        if (result.events > 0) app.log.info({ ...result, seconds }, 'demo history written');
        else app.log.info('demo history: already there');
      },
      (error: unknown) => {
        if (!stopped) app.log.error({ err: error }, 'demo history failed');
      },
    );
  });
  app.addHook('preClose', async () => {
    stopped = true;
    await running;
  });
}
