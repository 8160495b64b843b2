import type { MachineStatus, MachineViewEventType } from '@kerf/contracts';

/**
 * What a committed transaction changed of a machine. The place that writes tells it after the
 * commit; the machine view publisher (modules/machines `createMachineViews`) then builds the
 * machine's view once and sends it as the live event that names the change, and the webhooks take
 * the cut counts and status changes from the same list.
 */
export type MachineChange =
  /** cuts stored (`cuts` new ones, the last at `lastCutAt`) */
  | { kind: 'CUTS'; machineId: string; cuts: number; lastCutAt: string }
  /** a status began (by the machine or the operator) */
  | { kind: 'STATUS'; machineId: string; status: MachineStatus; since: string; operatorId: string | null }
  /** the operator working at the machine changed */
  | { kind: 'OPERATOR'; machineId: string }
  /** the machine's connection changed (presence, last will, heard again) */
  | { kind: 'ONLINE'; machineId: string }
  /** a knife went in or out */
  | { kind: 'KNIFE'; machineId: string }
  /** an order opened, closed or went on as a partial job */
  | { kind: 'ORDER'; machineId: string }
  /** the admin changed the machine's name or knife interval */
  | { kind: 'DETAILS'; machineId: string };

export type MachineChangeKind = MachineChange['kind'];

/** The live event type that names each kind of change (the data is always the whole view). */
export const LIVE_TYPE_OF_CHANGE: Record<MachineChangeKind, MachineViewEventType> = {
  CUTS: 'MACHINE_CUT',
  KNIFE: 'MACHINE_CUT',
  STATUS: 'MACHINE_STATUS',
  ORDER: 'MACHINE_STATUS',
  DETAILS: 'MACHINE_STATUS',
  OPERATOR: 'OPERATOR_MACHINE_USE',
  ONLINE: 'MACHINE_ONLINE_STATUS',
};

/** Hears the machine changes of committed transactions; never throws into the writer. */
export interface MachineChangeSink {
  committed(tenantId: string, changes: MachineChange[]): void;
}
