import type { IdealCutRate, IdealCutRateRequest, IdealCutRateSource } from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { visibleLocationIds } from '../printing-shop/index';
import { type IdealRateRow, idealRates, saveIdealRate } from './oee.repository';
import { machinesAt } from './report.repository';

interface IdealCutsPerHour {
  /** cuts per hour the performance is measured against; null: none known */
  cutsPerHour: number | null;
  source: IdealCutRateSource;
}

function rateOf(row: IdealRateRow | undefined): IdealCutsPerHour {
  if (row?.configured != null) return { cutsPerHour: Number(row.configured), source: 'CONFIGURED' };
  if (row?.bestHour != null) return { cutsPerHour: Number(row.bestHour), source: 'BEST_HOUR_30_DAYS' };
  return { cutsPerHour: null, source: 'NONE' };
}

/**
 * The ideal cut rate of each machine (OEE performance, issue 36): the configured rate, else the most
 * cuts the machine made in one clock hour (hourly rollups) in the 30 days before `now`, else none.
 * For a report `now` is the end of its period. Every id asked for is in the map (RLS: another
 * tenant's machine has no rate).
 */
export async function idealCutsPerHour(
  tx: Tx,
  machineIds: string[],
  now: Date,
): Promise<Map<string, IdealCutsPerHour>> {
  const rows = new Map((await idealRates(tx, machineIds, now)).map((row) => [row.machineId, row]));
  return new Map(machineIds.map((id) => [id, rateOf(rows.get(id.toLowerCase()))]));
}

/**
 * A machine's ideal cut rate (`/cutting-machines/:id/ideal-cut-rate`): read by whoever may see the
 * machines (the admin in its settings, the manager with the reports), set by the admin (audited). The
 * machine must be at a location the caller may see (a manager's or operator's own ones) and not
 * deleted; anything else — another tenant's machine too — is MACHINE_NOT_FOUND.
 */
export function createIdealCutRateService(deps: { transactions: Transactions }) {
  const { transactions } = deps;

  async function requireMachine(tx: Tx, actor: Actor, machineId: string): Promise<string> {
    const locationIds = await visibleLocationIds(tx, actor);
    const [machine] = await machinesAt(tx, { locationIds, since: new Date(), machineIds: [machineId] });
    if (!machine) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
    return machine.id;
  }

  async function current(tx: Tx, machineId: string): Promise<IdealCutRate> {
    const [row] = await idealRates(tx, [machineId], new Date());
    const rate = rateOf(row);
    return {
      machineId,
      configuredCutsPerHour: row?.configured ?? null,
      cutsPerHour: rate.cutsPerHour,
      source: rate.source,
    };
  }

  return {
    get: (actor: Actor, machineId: string) =>
      transactions.withTenant(actor.tenantId, async (tx) =>
        current(tx, await requireMachine(tx, actor, machineId)),
      ),

    /** Sets the machine's rate, or (null) removes it: back to the best hour of the last 30 days. */
    put: (actor: Actor, machineId: string, request: IdealCutRateRequest) =>
      transactions.withTenant(actor.tenantId, async (tx) => {
        const id = await requireMachine(tx, actor, machineId);
        await saveIdealRate(tx, actor.tenantId, id, request.cutsPerHour, actor.userId);
        await audit(tx, actor, 'machine.ideal-cut-rate.changed', 'cutting_machine', id, {
          cutsPerHour: request.cutsPerHour,
        });
        return current(tx, id);
      }),
  };
}

export type IdealCutRateService = ReturnType<typeof createIdealCutRateService>;
