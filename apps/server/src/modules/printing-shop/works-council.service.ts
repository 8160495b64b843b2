import type { WorksCouncilMode, WorksCouncilSetting } from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { findWorksCouncilSetting, saveWorksCouncilSetting } from './works-council.repository';

async function readSetting(tx: Tx): Promise<WorksCouncilSetting> {
  const row = await findWorksCouncilSetting(tx);
  if (!row) return { enabled: false, mode: 'PSEUDONYMS', changedAt: null, changedBy: null };
  return {
    enabled: row.enabled,
    mode: row.mode as WorksCouncilMode,
    changedAt: row.changedAt.toISOString(),
    changedBy: row.changedBy
      ? {
          id: row.changedBy,
          displayName: row.displayName?.trim() || [row.firstName, row.lastName].filter(Boolean).join(' '),
        }
      : null,
  };
}

/** The tenant admin's works-council setting (works-council.repository.ts says what it does). */
export function createWorksCouncilService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  return {
    get: (actor: Actor) => transactions.withTenant(actor.tenantId, readSetting),
    set: (actor: Actor, enabled: boolean, mode?: WorksCouncilMode) =>
      transactions.withTenant(actor.tenantId, async (tx) => {
        const before = await readSetting(tx);
        const nextMode = mode ?? before.mode;
        await saveWorksCouncilSetting(tx, {
          tenantId: actor.tenantId,
          enabled,
          mode: nextMode,
          changedBy: actor.userId,
        });
        if (before.enabled !== enabled || before.mode !== nextMode) {
          await audit(
            tx,
            actor,
            enabled ? 'printing-shop.works-council.on' : 'printing-shop.works-council.off',
            'tenant',
            actor.tenantId,
            { mode: nextMode },
          );
        }
        return readSetting(tx);
      }),
  };
}

export type WorksCouncilService = ReturnType<typeof createWorksCouncilService>;
