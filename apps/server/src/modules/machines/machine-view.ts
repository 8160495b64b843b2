import {
  DEFAULT_NOTIFICATION_SETTINGS,
  knifeSwapUrgency,
  type MachineStatus,
  type MachineStatusView,
  type MachineViewEventType,
  statusGroupOf,
} from '@kerf/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transactions, Tx } from '../../db/transactions';
import { type LiveEvent, type LivePublisher, liveEvent } from '../../live/live-event';
import { LIVE_TYPE_OF_CHANGE, type MachineChangeSink } from '../../live/machine-change';
import { findMachinesLive, type MachineLiveRow } from './machines.repository';
import { onlineStatusOf } from './online-status';

/**
 * The machine view: the one place where what a screen shows of a machine is put together (issue
 * "One truth per machine"). `GET …/status-view`, the answer of the operator's status PUT, the live
 * replay and every live machine event carry what `toMachineView` makes of one read of
 * `findMachinesLive`; no screen computes any of it again.
 */
function toMachineView(row: MachineLiveRow, asOf: Date): MachineStatusView {
  const status = (row.currentStatus as MachineStatus | null) ?? null;
  return {
    machineId: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    revision: row.revision,
    asOf: asOf.toISOString(),
    status,
    statusGroup: status ? statusGroupOf(status) : null,
    statusSince: row.statusSince?.toISOString() ?? null,
    operator: row.operatorId ? { id: row.operatorId, displayName: row.operatorName ?? 'No pseudonym' } : null,
    onlineStatus: onlineStatusOf(row, asOf.getTime()),
    lastSeenAt: row.lastHeartbeatAt?.toISOString() ?? null,
    totalCuts: row.totalCuts,
    lastCutAt: row.lastCutAt?.toISOString() ?? null,
    cutsToday: row.cutsToday,
    dayStartedAt: row.dayStartedAt.toISOString(),
    knife: row.knifeRfid
      ? {
          rfid: row.knifeRfid,
          cutsSinceLastGrinding: row.knifeCutsSinceLastGrinding ?? 0,
          totalCuts: row.knifeTotalCuts ?? 0,
          knifeSwapInterval: row.knifeSwapInterval,
          swapUrgency: knifeSwapUrgency(row.knifeCutsSinceLastGrinding, row.knifeSwapInterval),
        }
      : null,
    currentJob:
      row.jobId && row.jobName && row.jobStartedAt
        ? {
            id: row.jobId,
            name: row.jobName,
            orderNumber: row.jobOrderNumber,
            programNumber: row.jobProgramNumber,
            parentJobId: row.jobParentId,
            startDate: row.jobStartedAt.toISOString(),
            cuts: row.jobCuts ?? 0,
          }
        : null,
  };
}

/**
 * The views of these machines (ids or serials) in the transaction. `asOf` is taken before the read,
 * so a view never claims to be younger than the state it holds.
 */
async function readMachineViews(
  tx: Tx,
  filter: { ids?: string[]; serials?: string[] },
): Promise<MachineStatusView[]> {
  const asOf = new Date();
  const rows = await findMachinesLive(tx, filter, DEFAULT_NOTIFICATION_SETTINGS.timeZone);
  return rows.map((row) => toMachineView(row, asOf));
}

/** View reads at once, across tenants (see `createMachineViews`); the pool has ten connections. */
export const MACHINE_VIEW_READERS = 2;

/**
 * Reads machine views and publishes them after commits. Writers tell what they changed
 * (`committed`, a `MachineChangeSink`); the views of the changed machines are read once and go out
 * as one live event per machine and kind of change. Per tenant one read runs at a time: changes that
 * arrive meanwhile wait for the next one, so under a heavy ingest a machine's view goes out once per
 * round, not once per batch, and the read always starts after the commit it reports.
 *
 * At most `MACHINE_VIEW_READERS` reads run at once across tenants, and a tenant with more changes
 * after its read goes to the back of the line: with thousands of printing shops, one read per
 * tenant at once took every connection of the pool and the telemetry ingest waited behind them
 * (bench/fleet: 1,000 machines in 171 shops, 225 waiting for a connection, ingest lag p99 42 s).
 * Bounded, a waiting tenant's changes merge into its next read, so the reads per second fall
 * as the load rises instead of the ingest's share of the pool.
 */
export function createMachineViews(deps: {
  transactions: Transactions;
  live?: LivePublisher;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { transactions } = deps;
  /** tenant → machine → the event types to send */
  const pending = new Map<string, Map<string, Set<MachineViewEventType>>>();
  const reading = new Set<string>();
  /** tenants with changes to read, in the order they got them, while every reader is busy */
  const waiting = new Set<string>();
  const idle = new Set<() => void>();
  /** set once the server closes: the last wills of disconnecting machines find no database */
  let closed = false;

  async function read(tenantId: string, ids: string[]): Promise<MachineStatusView[]> {
    if (ids.length === 0) return [];
    return transactions.withTenant(tenantId, (tx) => readMachineViews(tx, { ids }));
  }

  /** Reads the tenant's changes now if a reader is free, else when its turn comes. */
  function request(tenantId: string) {
    if (reading.has(tenantId)) return;
    if (reading.size >= MACHINE_VIEW_READERS) waiting.add(tenantId);
    else void flush(tenantId);
  }

  async function flush(tenantId: string) {
    reading.add(tenantId);
    const round = pending.get(tenantId);
    pending.delete(tenantId);
    try {
      if (round) {
        const views = await read(tenantId, [...round.keys()]);
        const events: LiveEvent[] = [];
        for (const view of views)
          for (const type of round.get(view.machineId) ?? []) events.push(liveEvent(tenantId, type, view));
        if (events.length > 0) deps.live?.publish(events);
      }
    } catch (error) {
      // The next change of these machines sends their views again; screens read on reconnect.
      deps.log?.warn({ err: error, tenantId }, 'machine views not published');
    } finally {
      reading.delete(tenantId);
      // changes that came during the read: behind the tenants already waiting
      if (pending.has(tenantId)) waiting.add(tenantId);
      for (const next of waiting) {
        if (reading.size >= MACHINE_VIEW_READERS) break;
        waiting.delete(next);
        void flush(next);
      }
      if (reading.size === 0) for (const resolve of idle) resolve();
    }
  }

  const sink: MachineChangeSink = {
    committed(tenantId, changes) {
      if (changes.length === 0 || !deps.live || closed) return;
      let machines = pending.get(tenantId);
      if (!machines) {
        machines = new Map();
        pending.set(tenantId, machines);
      }
      for (const change of changes) {
        const types = machines.get(change.machineId) ?? new Set();
        types.add(LIVE_TYPE_OF_CHANGE[change.kind]);
        machines.set(change.machineId, types);
      }
      request(tenantId);
    },
  };

  return {
    ...sink,
    read,
    /** One machine's view, or null when the tenant has no such machine. */
    async one(tenantId: string, machineId: string): Promise<MachineStatusView | null> {
      return (await read(tenantId, [machineId]))[0] ?? null;
    },
    /** Publishes what is pending, then takes no more changes (the server is closing). */
    async close(): Promise<void> {
      await this.settled();
      closed = true;
    },
    /** Resolves once no view read is running (tests and shutdown). */
    settled(): Promise<void> {
      if (reading.size === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          idle.delete(done);
          resolve();
        };
        idle.add(done);
      });
    },
  };
}
export type MachineViews = ReturnType<typeof createMachineViews>;
