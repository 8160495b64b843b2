import { randomUUID } from 'node:crypto';
import {
  knifeSwapUrgency,
  type LiveEventType,
  MAX_STATUS_BACKDATE_MS,
  type MachineOnlineStatusSchema,
  type MachineStatus,
  type MachineStatusView,
  statusTransition,
  type TelemetryEvent,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type LiveEvent, liveEvent } from '../../live/live-event';
import { findMachineSerial, findMachinesLive, type MachineLiveRow } from './machines.repository';
import { onlineStatusOf } from './online-status';
import { findOperableMachine, isStatusRequestApplied } from './operator-machines.repository';

function toView(row: MachineLiveRow): MachineStatusView {
  return {
    machineId: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    status: (row.currentStatus as MachineStatus | null) ?? null,
    statusSince: row.statusSince?.toISOString() ?? null,
    operator: row.operatorId ? { id: row.operatorId, displayName: row.operatorName ?? 'No pseudonym' } : null,
    onlineStatus: onlineStatusOf(row),
    lastSeenAt: row.lastHeartbeatAt?.toISOString() ?? null,
    totalCuts: row.totalCuts,
    lastCutAt: row.lastCutAt?.toISOString() ?? null,
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
 * The telemetry write path as this module uses it (the operator's status goes through it like a
 * machine's); typed here so that the machines module does not depend on telemetry, which writes
 * through this module.
 */
export interface StatusRecorder {
  record(
    tenantId: string,
    items: {
      serial: string;
      boot: string;
      events: TelemetryEvent[];
      source?: 'MACHINE' | 'OPERATOR';
      operatorId?: string | null;
    }[],
  ): Promise<unknown>;
}

export function createMachineStatusService(deps: { transactions: Transactions; telemetry: StatusRecorder }) {
  const { transactions, telemetry } = deps;

  async function statusView(actor: Pick<Actor, 'tenantId'>, machineId: string): Promise<MachineStatusView> {
    const [row] = await transactions.withTenant(actor.tenantId, (tx) =>
      findMachinesLive(tx, { ids: [machineId] }),
    );
    if (!row) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
    return toView(row);
  }

  return {
    statusView,

    /**
     * The latest state of a machine as a live event, for `replayLastEvent` when no event has passed
     * the bus since this instance started (retained events of the embedded broker live in memory).
     */
    async lastLiveEvent(tenantId: string, type: LiveEventType, machineId: string): Promise<LiveEvent | null> {
      const [row] = await transactions.withTenant(tenantId, (tx) =>
        findMachinesLive(tx, { ids: [machineId] }),
      );
      if (!row) return null;
      if (type === 'MACHINE_STATUS') {
        return row.currentStatus && row.statusSince
          ? liveEvent(tenantId, 'MACHINE_STATUS', {
              machineId,
              status: row.currentStatus as MachineStatus,
              since: row.statusSince.toISOString(),
              operatorId: row.operatorId,
            })
          : null;
      }
      if (type === 'MACHINE_ONLINE_STATUS') {
        // Computed now, not replayed from the bus: a machine can go silent without any event.
        const onlineStatus = onlineStatusOf(row);
        return onlineStatus === 'UNKNOWN'
          ? null
          : liveEvent(tenantId, 'MACHINE_ONLINE_STATUS', {
              machineId,
              onlineStatus,
              since: new Date().toISOString(),
              lastSeenAt: row.lastHeartbeatAt?.toISOString() ?? null,
            });
      }
      if (type === 'OPERATOR_MACHINE_USE') {
        return row.statusSince
          ? liveEvent(tenantId, 'OPERATOR_MACHINE_USE', {
              machineId,
              operatorId: row.operatorId,
              operatorName: row.operatorName,
              since: row.statusSince.toISOString(),
            })
          : null;
      }
      return row.lastCutAt
        ? liveEvent(tenantId, 'MACHINE_CUT', {
            machineId,
            cuts: 0,
            totalCuts: row.totalCuts,
            knifeRfid: row.knifeRfid,
            knifeCutsSinceGrinding: row.knifeCutsSinceLastGrinding,
            lastCutAt: row.lastCutAt.toISOString(),
          })
        : null;
    },

    /** Whether the machine exists in the tenant (live subscriptions are authorised by it). */
    async exists(tenantId: string, machineId: string): Promise<boolean> {
      return (await transactions.withTenant(tenantId, (tx) => findMachineSerial(tx, machineId))) !== null;
    },

    /**
     * The operator sets a status (spec §4). It takes the machine telemetry path: an interval,
     * the operator on the machine, live events, all idempotent by (machine, boot, seq) — the
     * request's idempotency key is the boot, so a replayed request finds its interval and answers
     * as the first time without checking the transition again. Refused transitions: contracts
     * `statusTransition`. An operator drives only machines of their own locations.
     */
    async setStatus(
      actor: Pick<Actor, 'tenantId' | 'userId' | 'role'>,
      machineId: string,
      status: MachineStatus,
      options: { idempotencyKey?: string; at?: string } = {},
    ) {
      const boot = options.idempotencyKey ?? randomUUID();
      const now = Date.now();
      const requested = options.at ? Date.parse(options.at) : now;
      const check = await transactions.withTenant(actor.tenantId, async (tx) => {
        const machine = await findOperableMachine(tx, actor, machineId);
        if (!machine) return null;
        const replay = options.idempotencyKey
          ? await isStatusRequestApplied(tx, machineId, options.idempotencyKey)
          : false;
        return { machine, replay };
      });
      if (!check) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
      if (!check.replay) {
        const from = (check.machine.currentStatus as MachineStatus | null) ?? null;
        const verdict = statusTransition(from, status);
        if (verdict === 'UNCHANGED') throw new AppError('service.printing-shops.MACHINE_STATUS_UNCHANGED');
        if (verdict === 'NOT_ALLOWED')
          throw new AppError('service.printing-shops.MACHINE_STATUS_TRANSITION_NOT_ALLOWED');
        // Dated when the operator chose it (kept offline), but never before the status it follows:
        // inputs apply in the order they were made, whatever the terminal's clock says.
        const after = check.machine.statusSince?.getTime() ?? 0;
        const at = new Date(
          Math.max(after, Math.min(now, Math.max(requested, now - MAX_STATUS_BACKDATE_MS))),
        ).toISOString();
        await telemetry.record(actor.tenantId, [
          {
            serial: check.machine.serialNumber,
            boot,
            source: 'OPERATOR',
            operatorId: actor.userId,
            events: [{ type: 'status', seq: 1, at, status }],
          },
        ]);
      }
      return statusView(actor, machineId);
    },

    async onlineStatus(
      actor: Pick<Actor, 'tenantId'>,
      query: { machineIds?: string[]; serialNumbers?: string[] },
    ): Promise<z.input<typeof MachineOnlineStatusSchema>[]> {
      const rows = await transactions.withTenant(actor.tenantId, (tx) =>
        findMachinesLive(tx, { ids: query.machineIds, serials: query.serialNumbers }),
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
