import type { TelemetryEvent } from '@kerf/contracts';
import type { SQL } from 'drizzle-orm';
import type { Transactions } from '../../db/transactions';
import type { MachineChange, MachineChangeSink } from '../../live/machine-change';
import { recordKnifeSighting } from '../knife/index';
import {
  type HeardMachine,
  lockHeardMachines,
  setMachineKnife,
  setMachineOperator,
  setMachineStatus,
} from '../machines/index';
import {
  type CutsStatement,
  cutsWithCounters,
  insertCutsWithCounters,
  insertKnifeScan,
  insertStatusInterval,
  type MachineCutResult,
  machineCutsOf,
} from './telemetry.repository';
import {
  acksOf,
  cutChanges,
  cutRowsOf,
  machinesBySerial,
  onlineChanges,
  type RecordResult,
  type TelemetryBatchItem,
} from './telemetry-batch';

/**
 * The write path of telemetry batches (MQTT ingest, the history generator): one transaction per
 * tenant batch, counters, rollups and intervals moved in it; what changed goes to `changes` only
 * after commit (the machine views, the webhooks).
 */
export function createTelemetryBatchService(deps: {
  transactions: Transactions;
  changes?: MachineChangeSink;
}) {
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

  return { record };
}
