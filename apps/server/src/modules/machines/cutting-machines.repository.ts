import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { cutRollupsHourly, cuttingMachines, locations, machineCredentials } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export type MachineRow = typeof cuttingMachines.$inferSelect & { locationName: string | null };

const active = isNull(cuttingMachines.deletedAt);

const selection = {
  machine: cuttingMachines,
  locationName: locations.name,
};

function flatten(row: {
  machine: typeof cuttingMachines.$inferSelect;
  locationName: string | null;
}): MachineRow {
  return { ...row.machine, locationName: row.locationName };
}

function machinesQuery(tx: Tx) {
  return tx
    .select(selection)
    .from(cuttingMachines)
    .leftJoin(
      locations,
      and(eq(locations.tenantId, cuttingMachines.tenantId), eq(locations.id, cuttingMachines.locationId)),
    );
}

export async function findMachine(tx: Tx, id: string): Promise<MachineRow | null> {
  const [row] = await machinesQuery(tx).where(and(eq(cuttingMachines.id, id), active));
  return row ? flatten(row) : null;
}

export async function listMachines(tx: Tx, filter: { locationId?: string } = {}): Promise<MachineRow[]> {
  const rows = await machinesQuery(tx)
    .where(and(active, filter.locationId ? eq(cuttingMachines.locationId, filter.locationId) : undefined))
    .orderBy(asc(sql`lower(${cuttingMachines.name})`), asc(cuttingMachines.id));
  return rows.map(flatten);
}

/** A machine of this tenant with the serial number, deleted ones included. */
export async function findMachineBySerial(tx: Tx, serialNumber: string) {
  const [row] = await tx
    .select({ id: cuttingMachines.id, deletedAt: cuttingMachines.deletedAt })
    .from(cuttingMachines)
    .where(eq(cuttingMachines.serialNumber, serialNumber));
  return row ?? null;
}

export type MachineValues = Omit<
  typeof cuttingMachines.$inferInsert,
  'tenantId' | 'id' | 'createdAt' | 'updatedAt' | 'totalCuts' | 'deletedAt'
>;

export async function insertMachineRow(tx: Tx, tenantId: string, values: MachineValues) {
  const [row] = await tx
    .insert(cuttingMachines)
    .values({ tenantId, ...values })
    .returning({ id: cuttingMachines.id });
  return row!.id;
}

export async function updateMachine(
  tx: Tx,
  id: string,
  values: Partial<MachineValues> & { deletedAt?: null },
) {
  const rows = await tx
    .update(cuttingMachines)
    // its name or knife interval may be part of the machine view
    .set({ ...values, updatedAt: sql`now()`, viewRevision: sql`${cuttingMachines.viewRevision} + 1` })
    .where(eq(cuttingMachines.id, id))
    .returning({ id: cuttingMachines.id });
  return rows.length > 0;
}

export async function softDeleteMachine(tx: Tx, id: string) {
  const rows = await tx
    .update(cuttingMachines)
    .set({ deletedAt: sql`now()`, active: false, updatedAt: sql`now()` })
    .where(and(eq(cuttingMachines.id, id), active))
    .returning({ id: cuttingMachines.id });
  return rows.length > 0;
}

export async function revokeMachineCredential(tx: Tx, machineId: string) {
  await tx
    .update(machineCredentials)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(machineCredentials.machineId, machineId), isNull(machineCredentials.revokedAt)));
}

export async function listWidths(tx: Tx): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ width: cuttingMachines.cuttingWidth })
    .from(cuttingMachines)
    .where(and(active, isNotNull(cuttingMachines.cuttingWidth)))
    .orderBy(asc(cuttingMachines.cuttingWidth));
  return rows.map((row) => row.width!);
}

export async function serialsByLocation(tx: Tx, locationIds?: string[]) {
  const rows = await tx
    .select({ locationId: cuttingMachines.locationId, serialNumber: cuttingMachines.serialNumber })
    .from(cuttingMachines)
    .where(
      and(
        active,
        isNotNull(cuttingMachines.locationId),
        locationIds
          ? inArray(
              cuttingMachines.locationId,
              locationIds.length ? locationIds : ['00000000-0000-0000-0000-000000000000'],
            )
          : undefined,
      ),
    )
    .orderBy(asc(cuttingMachines.serialNumber));
  const grouped: Record<string, string[]> = {};
  for (const row of rows) {
    const serials = grouped[row.locationId!] ?? [];
    serials.push(row.serialNumber);
    grouped[row.locationId!] = serials;
  }
  return grouped;
}

/** Sets a config-option column (knife swap interval, no-cuts prompt delay) on machines; answers how many. */
export async function setMachineOption(
  tx: Tx,
  column: 'knifeSwapInterval' | 'noCutsPromptDelay',
  ids: string[],
  value: number | null,
) {
  const rows = await tx
    .update(cuttingMachines)
    .set({ [column]: value, updatedAt: sql`now()` })
    .where(and(inArray(cuttingMachines.id, ids), active))
    .returning({ id: cuttingMachines.id });
  return rows.length;
}

/**
 * Cuts per machine since an instant, from the hourly rollups (telemetry's table; reads are free):
 * the hour that contains `since` counts whole. Machines without cuts are left out.
 */
export async function cutsSince(tx: Tx, since: Date, machineId?: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ machineId: cutRollupsHourly.machineId, cuts: sql<string>`sum(${cutRollupsHourly.cuts})` })
    .from(cutRollupsHourly)
    .where(
      and(
        gte(cutRollupsHourly.hour, sql`date_trunc('hour', ${since.toISOString()}::timestamptz, 'UTC')`),
        machineId ? eq(cutRollupsHourly.machineId, machineId) : undefined,
      ),
    )
    .groupBy(cutRollupsHourly.machineId);
  return new Map(rows.map((row) => [row.machineId, Number(row.cuts)]));
}

/** The machine's network setup state (product.md §3), as the setup assistant derives it from its checks. */
export async function setNetworkSetupState(tx: Tx, id: string, state: string) {
  await tx
    .update(cuttingMachines)
    .set({ networkSetupState: state, updatedAt: sql`now()` })
    .where(and(eq(cuttingMachines.id, id), active));
}
