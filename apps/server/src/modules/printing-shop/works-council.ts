import {
  getWorksCouncilSetting,
  setWorksCouncilSetting,
  type WorksCouncilMode,
  type WorksCouncilSetting,
} from '@kerf/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, worksCouncilSettings } from '../../db/schema/index';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { type Authenticator, registerRoute } from '../../lib/route';

/*
 * Works-council mode (issue 18, docs/decisions/0020-integration-api.md "Works-council mode"): while a
 * tenant has it on, `reportEmployee` names an employee only by their pseudonym (display name) or,
 * without one, by a neutral code from their id — in every per-employee report, filter list and CSV.
 */

/** Whether the transaction's tenant has works-council mode on (in either form). */
export async function worksCouncilMode(tx: Tx): Promise<boolean> {
  return (await worksCouncilForm(tx)) !== 'OFF';
}

/** The tenant's works-council mode: OFF, PSEUDONYMS or TEAMS (per-employee sections show teams). */
export async function worksCouncilForm(tx: Tx): Promise<'OFF' | WorksCouncilMode> {
  const [row] = await tx
    .select({ enabled: worksCouncilSettings.enabled, mode: worksCouncilSettings.mode })
    .from(worksCouncilSettings);
  return row?.enabled ? (row.mode as WorksCouncilMode) : 'OFF';
}

async function readSetting(tx: Tx): Promise<WorksCouncilSetting> {
  const [row] = await tx
    .select({
      enabled: worksCouncilSettings.enabled,
      mode: worksCouncilSettings.mode,
      changedAt: worksCouncilSettings.changedAt,
      changedBy: worksCouncilSettings.changedBy,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
    })
    .from(worksCouncilSettings)
    .leftJoin(
      users,
      and(eq(users.tenantId, worksCouncilSettings.tenantId), eq(users.id, worksCouncilSettings.changedBy)),
    );
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

function createWorksCouncilService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  return {
    get: (actor: Actor) => transactions.withTenant(actor.tenantId, readSetting),
    set: (actor: Actor, enabled: boolean, mode?: WorksCouncilMode) =>
      transactions.withTenant(actor.tenantId, async (tx) => {
        const before = await readSetting(tx);
        const nextMode = mode ?? before.mode;
        await tx
          .insert(worksCouncilSettings)
          .values({ tenantId: actor.tenantId, enabled, mode: nextMode, changedBy: actor.userId })
          .onConflictDoUpdate({
            target: worksCouncilSettings.tenantId,
            set: { enabled, mode: nextMode, changedBy: actor.userId, changedAt: sql`now()` },
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

export function registerWorksCouncilRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; transactions: Transactions },
) {
  const service = createWorksCouncilService(deps);
  registerRoute(app, deps.authenticator, getWorksCouncilSetting, ({ actor }) => service.get(actor));
  registerRoute(app, deps.authenticator, setWorksCouncilSetting, ({ actor, body }) =>
    service.set(actor, body.enabled, body.mode),
  );
}
