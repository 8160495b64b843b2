import type { SetupCheckResult, SetupCheckRun, SetupCheckState } from '@kerf/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { machineCredentials, machineLicences, setupCheckRuns, tenants } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

type RunRow = typeof setupCheckRuns.$inferSelect;

function toRun(row: RunRow): SetupCheckRun {
  return {
    id: row.id,
    machineId: row.machineId,
    state: row.state as SetupCheckState,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    siteManagerSerial: row.siteManagerSerial,
    checks: row.checks as SetupCheckResult[],
  };
}

export async function insertRun(
  tx: Tx,
  values: {
    tenantId: string;
    machineId: string;
    state: SetupCheckState;
    checks: SetupCheckResult[];
    requestedBy: string | null;
    siteManagerSerial?: string | null;
    startedAt?: Date;
    finishedAt?: Date | null;
  },
): Promise<SetupCheckRun> {
  const [row] = await tx.insert(setupCheckRuns).values(values).returning();
  return toRun(row!);
}

export async function updateRun(
  tx: Tx,
  id: string,
  values: {
    state: SetupCheckState;
    checks: SetupCheckResult[];
    finishedAt: Date | null;
    siteManagerSerial?: string | null;
  },
): Promise<SetupCheckRun> {
  const [row] = await tx.update(setupCheckRuns).set(values).where(eq(setupCheckRuns.id, id)).returning();
  return toRun(row!);
}

export async function findRun(tx: Tx, machineId: string, id: string): Promise<SetupCheckRun | null> {
  const [row] = await tx
    .select()
    .from(setupCheckRuns)
    .where(and(eq(setupCheckRuns.machineId, machineId), eq(setupCheckRuns.id, id)));
  return row ? toRun(row) : null;
}

/** The machine's runs still waiting for their site checks. */
export async function listOpenRuns(
  tx: Tx,
  machineId: string,
  options: { lock?: boolean } = {},
): Promise<SetupCheckRun[]> {
  const query = tx
    .select()
    .from(setupCheckRuns)
    .where(and(eq(setupCheckRuns.machineId, machineId), eq(setupCheckRuns.state, 'RUNNING')));
  // locked: writers of the same runs take turns, each reading what the one before committed
  const rows = options.lock ? await query.for('update') : await query;
  return rows.map(toRun);
}

export async function listRuns(tx: Tx, machineId: string, limit = 20): Promise<SetupCheckRun[]> {
  const rows = await tx
    .select()
    .from(setupCheckRuns)
    .where(eq(setupCheckRuns.machineId, machineId))
    .orderBy(desc(setupCheckRuns.startedAt))
    .limit(limit);
  return rows.map(toRun);
}

/** The machine's credential (reads `machine_credentials`, owned by machines). */
export async function findCredentialState(tx: Tx, machineId: string) {
  const [row] = await tx
    .select({ revokedAt: machineCredentials.revokedAt })
    .from(machineCredentials)
    .where(eq(machineCredentials.machineId, machineId));
  return row ? { revoked: row.revokedAt !== null } : null;
}

/** Whether a valid licence names the serial (reads `machine_licences`, owned by printing-shop). */
export async function hasLicence(tx: Tx, serialNumber: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`1` })
    .from(machineLicences)
    .where(and(eq(machineLicences.serialNumber, serialNumber), sql`${machineLicences.cancelledAt} IS NULL`));
  return row !== undefined;
}

export async function findSiteManagerSerial(tx: Tx, tenantId: string): Promise<string | null> {
  const [row] = await tx
    .select({ serial: tenants.siteManagerSerial })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.serial ?? null;
}
