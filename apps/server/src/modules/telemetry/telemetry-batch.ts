import type { TelemetryEvent } from '@kerf/contracts';
import type { MachineChange } from '../../live/machine-change';
import { type HeardMachine, heardMachinesOf } from '../machines/index';
import { toRanges } from './seq-ranges';
import type { CutRow, MachineCutResult } from './telemetry.repository';

/* The shapes of a telemetry batch and what the write path derives from it without the database. */

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
export function cutRowsOf(items: TelemetryBatchItem[]): CutRow[] {
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

export function machinesBySerial(lockedRows: Record<string, unknown>[]): Map<string, HeardMachine> {
  return new Map(heardMachinesOf(lockedRows).map((machine) => [machine.serialNumber, machine]));
}

/**
 * The end-to-end acks of a committed batch, per machine boot: every event of a known machine is
 * stored (now or before); a machine the tenant does not have is refused, never stored.
 */
export function acksOf(items: TelemetryBatchItem[], machines: Map<string, HeardMachine>): MachineAck[] {
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

/** The cuts of a batch per machine; answers how many cuts were new. */
export function cutChanges(machineCuts: MachineCutResult[], changes: MachineChange[]): number {
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
export function onlineChanges(machines: Map<string, HeardMachine>, changes: MachineChange[]) {
  const changed = new Set(changes.map((change) => change.machineId));
  for (const machine of machines.values())
    if (machine.onlineChange || !changed.has(machine.id))
      changes.push({ kind: 'ONLINE', machineId: machine.id });
}
