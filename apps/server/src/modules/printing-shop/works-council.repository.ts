import type { WorksCouncilMode } from '@kerf/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { users, worksCouncilSettings } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

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

export interface WorksCouncilSettingRow {
  enabled: boolean;
  mode: string;
  changedAt: Date;
  changedBy: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
}

/** The tenant's setting with the name of who changed it last; undefined while never set. */
export async function findWorksCouncilSetting(tx: Tx): Promise<WorksCouncilSettingRow | undefined> {
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
  return row;
}

export async function saveWorksCouncilSetting(
  tx: Tx,
  values: { tenantId: string; enabled: boolean; mode: WorksCouncilMode; changedBy: string },
): Promise<void> {
  const { enabled, mode, changedBy } = values;
  await tx
    .insert(worksCouncilSettings)
    .values(values)
    .onConflictDoUpdate({
      target: worksCouncilSettings.tenantId,
      set: { enabled, mode, changedBy, changedAt: sql`now()` },
    });
}
