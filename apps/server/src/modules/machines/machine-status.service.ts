import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type LiveEventType,
  MACHINE_VIEW_EVENT_TYPES,
  type MachineOnlineStatusSchema,
  type MachineStatus,
  type MachineStatusView,
  type MachineViewEventType,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type LiveEvent, liveEvent } from '../../live/live-event';
import type { MachineViews } from './machine-view';
import { findMachineSerial, findMachinesLive } from './machines.repository';
import { onlineStatusOf } from './online-status';

/**
 * The telemetry write path as this module uses it (the operator's status goes through it like a
 * machine's); typed here so that the machines module does not depend on telemetry, which writes
 * through this module.
 */
/** The operator's status change as the telemetry write path takes it. */
export interface OperatorStatusRequest {
  actor: Pick<Actor, 'userId' | 'role'>;
  machineId: string;
  status: MachineStatus;
  /** when the operator chose it (ms since the epoch) */
  requestedAt: number;
  /** the request's idempotency key (or a fresh id), the interval's boot id */
  boot: string;
  /** whether `boot` is the client's key, so that a replay is looked for */
  replayable: boolean;
}

export interface StatusRecorder {
  /**
   * The operator's status change, in one transaction holding the machine's lock: the operator's
   * scope, the replay check, the transition rule and the interval. Throws the catalogue errors.
   */
  recordOperatorStatus(tenantId: string, request: OperatorStatusRequest): Promise<void>;
}

const isMachineViewType = (type: LiveEventType): type is MachineViewEventType =>
  (MACHINE_VIEW_EVENT_TYPES as readonly string[]).includes(type);

export function createMachineStatusService(deps: {
  transactions: Transactions;
  telemetry: StatusRecorder;
  views: MachineViews;
}) {
  const { transactions, telemetry, views } = deps;

  async function statusView(actor: Pick<Actor, 'tenantId'>, machineId: string): Promise<MachineStatusView> {
    const view = await views.one(actor.tenantId, machineId);
    if (!view) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
    return view;
  }

  return {
    statusView,

    /**
     * The machine's view now, as the replay of a live machine event: always read afresh (a retained
     * event may be older than the last commit, and a machine goes silent without any event).
     */
    async lastLiveEvent(tenantId: string, type: LiveEventType, machineId: string): Promise<LiveEvent | null> {
      if (!isMachineViewType(type)) return null;
      const view = await views.one(tenantId, machineId);
      return view ? liveEvent(tenantId, type, view) : null;
    },

    /** Whether the machine exists in the tenant (live subscriptions are authorised by it). */
    async exists(tenantId: string, machineId: string): Promise<boolean> {
      return (await transactions.withTenant(tenantId, (tx) => findMachineSerial(tx, machineId))) !== null;
    },

    /**
     * The operator sets a status (product.md §4) and gets the machine's view back. The rule is checked
     * where the machine row is locked (telemetry's `recordOperatorStatus`), so two requests at once
     * are judged one after the other. Idempotent by the request's key: a replay answers as the first
     * time without checking the transition again. The status never makes the caller the machine's
     * operator: that is `PUT /users/self/current-machine` alone, and a release is final.
     */
    async setStatus(
      actor: Pick<Actor, 'tenantId' | 'userId' | 'role'>,
      machineId: string,
      status: MachineStatus,
      options: { idempotencyKey?: string; at?: string } = {},
    ): Promise<MachineStatusView> {
      await telemetry.recordOperatorStatus(actor.tenantId, {
        actor,
        machineId,
        status,
        requestedAt: options.at ? Date.parse(options.at) : Date.now(),
        boot: options.idempotencyKey ?? randomUUID(),
        replayable: options.idempotencyKey !== undefined,
      });
      return statusView(actor, machineId);
    },

    async onlineStatus(
      actor: Pick<Actor, 'tenantId'>,
      query: { machineIds?: string[]; serialNumbers?: string[] },
    ): Promise<z.input<typeof MachineOnlineStatusSchema>[]> {
      const rows = await transactions.withTenant(actor.tenantId, (tx) =>
        findMachinesLive(
          tx,
          { ids: query.machineIds, serials: query.serialNumbers },
          DEFAULT_NOTIFICATION_SETTINGS.timeZone,
        ),
      );
      return rows.map((row) => ({
        machineId: row.id,
        serialNumber: row.serialNumber,
        onlineStatus: onlineStatusOf(row),
        lastSeenAt: row.lastHeartbeatAt?.toISOString() ?? null,
      }));
    },
  };
}
export type MachineStatusService = ReturnType<typeof createMachineStatusService>;
