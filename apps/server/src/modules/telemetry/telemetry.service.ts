import {
  MAX_STATUS_BACKDATE_MS,
  type MachineStatus,
  statusTransition,
  type TelemetryEvent,
} from '@kerf/contracts';
import type { SQL } from 'drizzle-orm';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { MachineChange, MachineChangeSink } from '../../live/machine-change';
import { recordKnifeSighting } from '../knife/index';
import {
  findOperableMachine,
  type HeardMachine,
  heardMachinesOf,
  isStatusRequestApplied,
  lockHeardMachines,
  type OperatorStatusRequest,
  setMachineKnife,
  setMachineOperator,
  setMachineStatus,
  setPresence,
} from '../machines/index';
import { toRanges } from './seq-ranges';
import {
  type CutRow,
  type CutsStatement,
  cutsWithCounters,
  insertCutsWithCounters,
  insertKnifeScan,
  insertStatusInterval,
  type MachineCutResult,
  machineCutsOf,
} from './telemetry.repository';

/** Events of one machine boot, already validated against the contracts. */
export interface TelemetryBatchItem {
  serial: string;
  boot: string;
  events: TelemetryEvent[];
  /** OPERATOR for `PUT /cutting-machines/{id}/status`: the operator is the signed-in user */
  source?: 'MACHINE' | 'OPERATOR';
  operatorId?: string | null;
}

export interface MachineAck {
  serial: string;
  boot: string;
  /** stored now or already before */
  ranges: [number, number][];
  /** refused (unknown machine); never stored */
  rejected: [number, number][];
}

export interface RecordResult {
  acks: MachineAck[];
  inserted: { cuts: number; statuses: number; knifeScans: number };
}

/** The cuts of a batch, as the write path takes them. */
function cutRowsOf(items: TelemetryBatchItem[]): CutRow[] {
  const rows: CutRow[] = [];
  for (const item of items)
    for (const event of item.events)
      if (event.type === 'cut')
        rows.push({
          serial: item.serial,
          bootId: item.boot,
          seq: event.seq,
          at: Date.parse(event.at),
          knifeRfid: event.knifeRfid ?? null,
        });
  return rows;
}

function machinesBySerial(lockedRows: Record<string, unknown>[]): Map<string, HeardMachine> {
  return new Map(heardMachinesOf(lockedRows).map((machine) => [machine.serialNumber, machine]));
}

/**
 * The end-to-end acks of a committed batch, per machine boot: every event of a known machine is
 * stored (now or before); a machine the tenant does not have is refused, never stored.
 */
function acksOf(items: TelemetryBatchItem[], machines: Map<string, HeardMachine>): MachineAck[] {
  const acks = new Map<string, { serial: string; boot: string; seqs: number[]; refused: number[] }>();
  for (const item of items) {
    const key = `${item.serial}/${item.boot}`;
    let ack = acks.get(key);
    if (!ack) {
      ack = { serial: item.serial, boot: item.boot, seqs: [], refused: [] };
      acks.set(key, ack);
    }
    const list = machines.has(item.serial) ? ack.seqs : ack.refused;
    for (const event of item.events) list.push(event.seq);
  }
  return [...acks.values()].map(({ seqs, refused, ...ack }) => ({
    ...ack,
    ranges: toRanges(seqs),
    rejected: toRanges(refused),
  }));
}

/**
 * The single write path of machine telemetry: MQTT ingest, the operator's status PUT and the
 * history generator all come through `record` (the operator's status PUT through
 * `recordOperatorStatus`). One transaction per tenant batch; counters, rollups and intervals move in
 * it; what changed goes to `changes` only after commit (the machine views, the webhooks).
 */
export function createTelemetryService(deps: { transactions: Transactions; changes?: MachineChangeSink }) {
  const { transactions } = deps;

  async function record(tenantId: string, items: TelemetryBatchItem[]): Promise<RecordResult> {
    const serials = [...new Set(items.map((item) => item.serial))].sort();
    // The machines are locked and marked heard in the BEGIN's own round trip.
    const opening = lockHeardMachines(serials);
    const onlyCuts = items.every((item) => item.events.every((event) => event.type === 'cut'));
    const cuts = onlyCuts ? cutsWithCounters(tenantId, cutRowsOf(items), { machineKnife: true }) : null;
    const { changes, ...result } = cuts
      ? await recordCuts(tenantId, items, opening, cuts)
      : await recordEvents(tenantId, items, opening);
    if (changes.length > 0) deps.changes?.committed(tenantId, changes);
    return result;
  }

  /**
   * A batch of cuts only (nearly every batch: a machine cuts many times between two status
   * changes): the machines' lock and the cuts in one round trip. The cuts need nothing the lock
   * answers — the statement books them to the machine's operator, order and knife as they stand —
   * so both go with the BEGIN and the COMMIT in one message (`writeInOneTrip`).
   */
  async function recordCuts(
    tenantId: string,
    items: TelemetryBatchItem[],
    opening: SQL,
    cuts: CutsStatement,
  ): Promise<RecordResult & { changes: MachineChange[] }> {
    const written = await transactions.writeInOneTrip<
      Record<string, unknown>,
      MachineCutResult & { lastCutAt: Date | string }
    >(tenantId, opening, cuts.statement, cuts.values);
    const machines = machinesBySerial(written.opened);
    const changes: MachineChange[] = [];
    const insertedCuts = cutChanges(machineCutsOf(written.rows), changes);
    onlineChanges(machines, changes);
    return {
      acks: acksOf(items, machines),
      inserted: { cuts: insertedCuts, statuses: 0, knifeScans: 0 },
      changes,
    };
  }

  /** A batch with status or knife events: each in time order, then the cuts. */
  async function recordEvents(
    tenantId: string,
    items: TelemetryBatchItem[],
    opening: SQL,
  ): Promise<RecordResult & { changes: MachineChange[] }> {
    const changes: MachineChange[] = [];
    return transactions.withTenantOpening(tenantId, opening, async (tx, lockedRows) => {
      const machines = machinesBySerial(lockedRows as Record<string, unknown>[]);
      // cuts of a machine the tenant does not have are left out by the statement (and refused in the acks)
      const cutRows = cutRowsOf(items);
      const statusItems: { machine: HeardMachine; item: TelemetryBatchItem; event: TelemetryEvent }[] = [];
      const knifeItems: { machine: HeardMachine; item: TelemetryBatchItem; event: TelemetryEvent }[] = [];
      for (const item of items) {
        const machine = machines.get(item.serial);
        if (!machine) continue;
        for (const event of item.events) {
          if (event.type === 'status') statusItems.push({ machine, item, event });
          else if (event.type === 'knife-inserted' || event.type === 'knife-removed')
            knifeItems.push({ machine, item, event });
        }
      }

      const knifeAtStart = new Map([...machines.values()].map((m) => [m.serialNumber, m.currentKnifeRfid]));
      // Knife changes first, in time order, so that cuts without an RFID of their own are booked
      // to the knife that was in the machine.
      let knifeScans = 0;
      knifeItems.sort((a, b) => a.event.at.localeCompare(b.event.at));
      for (const { machine, item, event } of knifeItems) {
        if (event.type !== 'knife-inserted' && event.type !== 'knife-removed') continue;
        const at = new Date(event.at).toISOString();
        const kind = event.type === 'knife-inserted' ? 'INSERTED' : 'REMOVED';
        const isNew = await insertKnifeScan(tenantId, tx, {
          machineId: machine.id,
          locationId: machine.locationId,
          rfid: event.rfid,
          kind,
          at,
          bootId: item.boot,
          seq: event.seq,
        });
        if (!isNew) continue;
        await recordKnifeSighting(tx, tenantId, {
          rfid: event.rfid,
          machineId: machine.id,
          locationId: machine.locationId,
          at,
        });
        knifeScans += 1;
        if (!machine.knifeChangedAt || machine.knifeChangedAt.getTime() <= Date.parse(at)) {
          const rfid =
            kind === 'INSERTED'
              ? event.rfid
              : machine.currentKnifeRfid === event.rfid
                ? null
                : machine.currentKnifeRfid;
          await setMachineKnife(tx, machine.id, rfid, at);
          machine.currentKnifeRfid = rfid;
          machine.knifeChangedAt = new Date(at);
          changes.push({ kind: 'KNIFE', machineId: machine.id });
        }
      }

      let statuses = 0;
      statusItems.sort((a, b) => a.event.at.localeCompare(b.event.at));
      for (const { machine, item, event } of statusItems) {
        if (event.type !== 'status') continue;
        const at = new Date(event.at).toISOString();
        const operatorId = item.source === 'OPERATOR' ? (item.operatorId ?? null) : machine.currentOperatorId;
        const isNew = await insertStatusInterval(tenantId, tx, {
          machineId: machine.id,
          status: event.status,
          operatorId,
          at,
          source: item.source ?? 'MACHINE',
          bootId: item.boot,
          seq: event.seq,
        });
        if (!isNew) continue;
        statuses += 1;
        if (item.source === 'OPERATOR' && operatorId !== machine.currentOperatorId) {
          await setMachineOperator(tx, machine.id, operatorId);
          machine.currentOperatorId = operatorId;
          changes.push({ kind: 'OPERATOR', machineId: machine.id });
        }
        if (!machine.statusSince || machine.statusSince.getTime() <= Date.parse(at)) {
          await setMachineStatus(tx, machine.id, { status: event.status, since: at, operatorId });
          machine.currentStatus = event.status;
          machine.statusSince = new Date(at);
          changes.push({
            kind: 'STATUS',
            machineId: machine.id,
            status: event.status,
            since: at,
            operatorId,
          });
        }
      }

      // Cuts that carry no RFID of their own go to the knife in the machine at that moment: the
      // last knife event of this batch before the cut, else the machine's knife before the batch.
      const knifeBefore = knifeAtStart;
      const timeline = new Map<string, { at: number; rfid: string | null }[]>();
      for (const { machine, event } of knifeItems) {
        if (event.type !== 'knife-inserted' && event.type !== 'knife-removed') continue;
        const list = timeline.get(machine.serialNumber) ?? [];
        list.push({
          at: Date.parse(event.at),
          rfid: event.type === 'knife-inserted' ? event.rfid : null,
        });
        timeline.set(machine.serialNumber, list);
      }
      for (const cut of cutRows) {
        if (cut.knifeRfid) continue;
        const changes = timeline.get(cut.serial);
        const change = changes?.findLast((c) => c.at <= cut.at);
        cut.knifeRfid = change ? change.rfid : (knifeBefore.get(cut.serial) ?? null);
      }

      const machineCuts = await insertCutsWithCounters(tx, tenantId, cutRows);
      const insertedCuts = cutChanges(machineCuts, changes);
      onlineChanges(machines, changes);
      return {
        acks: acksOf(items, machines),
        inserted: { cuts: insertedCuts, statuses, knifeScans },
        changes,
      };
    });
  }

  /** The cuts of a batch per machine; answers how many cuts were new. */
  function cutChanges(machineCuts: MachineCutResult[], changes: MachineChange[]): number {
    let inserted = 0;
    for (const m of machineCuts) {
      inserted += m.cuts;
      if (m.cuts > 0)
        changes.push({ kind: 'CUTS', machineId: m.machineId, cuts: m.cuts, lastCutAt: m.lastCutAt });
    }
    return inserted;
  }

  /**
   * A machine whose connection changed, or that was only heard (a heartbeat: its `lastSeenAt` and
   * revision moved, nothing else), sends its view as MACHINE_ONLINE_STATUS.
   */
  function onlineChanges(machines: Map<string, HeardMachine>, changes: MachineChange[]) {
    const changed = new Set(changes.map((change) => change.machineId));
    for (const machine of machines.values())
      if (machine.onlineChange || !changed.has(machine.id))
        changes.push({ kind: 'ONLINE', machineId: machine.id });
  }

  /** The agent's retained presence message, or its last will; the machine's view goes live after commit. */
  async function recordPresence(tenantId: string, serial: string, state: 'ONLINE' | 'OFFLINE', at: string) {
    const change = await transactions.withTenant(tenantId, (tx) => setPresence(tx, serial, state, at));
    if (change) deps.changes?.committed(tenantId, [{ kind: 'ONLINE', machineId: change.machineId }]);
    return change;
  }

  /**
   * The operator's status change (`PUT /cutting-machines/{id}/status`) in one transaction that holds
   * the machine's lock from the first read to the commit: the operator's scope, the replay of an
   * idempotency key (answered as the first time, never checked again), the transition rule of
   * contracts `statusTransition` against the status as it stands under the lock, and the interval.
   * Two requests at once are so judged one after the other. It neither marks the machine heard (an
   * operator is not its agent) nor makes the caller its operator (`current-machine` does that).
   */
  async function recordOperatorStatus(tenantId: string, request: OperatorStatusRequest): Promise<void> {
    const change = await transactions.withTenant(tenantId, async (tx): Promise<MachineChange | null> => {
      const machine = await findOperableMachine(tx, request.actor, request.machineId, { lock: true });
      if (!machine) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
      if (request.replayable && (await isStatusRequestApplied(tx, machine.id, request.boot))) return null;
      const verdict = statusTransition(
        (machine.currentStatus as MachineStatus | null) ?? null,
        request.status,
      );
      if (verdict === 'UNCHANGED') throw new AppError('service.printing-shops.MACHINE_STATUS_UNCHANGED');
      if (verdict === 'NOT_ALLOWED')
        throw new AppError('service.printing-shops.MACHINE_STATUS_TRANSITION_NOT_ALLOWED');
      // Dated when the operator chose it (kept offline), but never before the status it follows:
      // inputs apply in the order they were made, whatever the terminal's clock says.
      const now = Date.now();
      const after = machine.statusSince?.getTime() ?? 0;
      const at = new Date(
        Math.max(after, Math.min(now, Math.max(request.requestedAt, now - MAX_STATUS_BACKDATE_MS))),
      ).toISOString();
      const operatorId = request.actor.userId;
      await insertStatusInterval(tenantId, tx, {
        machineId: machine.id,
        status: request.status,
        operatorId,
        at,
        source: 'OPERATOR',
        bootId: request.boot,
        seq: 1,
      });
      await setMachineStatus(tx, machine.id, { status: request.status, since: at, operatorId });
      return { kind: 'STATUS', machineId: machine.id, status: request.status, since: at, operatorId };
    });
    if (change) deps.changes?.committed(tenantId, [change]);
  }

  return { record, recordPresence, recordOperatorStatus };
}

export type TelemetryService = ReturnType<typeof createTelemetryService>;
