import type { GrindingMachine } from '@kerf/contracts';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { grindingMachines, locations } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

/** All SQL of `grinding_machines` (owned by this module, ADR 0012). */

export interface GrindingMachineValues {
  locationId: string;
  name: string;
  manufacturer: string | null;
  designation: string | null;
  serialNumber: string;
  maxKnifeLength: number | null;
  active: boolean;
}

export const SERIAL_KEY = 'grinding_machines_tenant_serial_key';

const selection = {
  id: grindingMachines.id,
  name: grindingMachines.name,
  manufacturer: grindingMachines.manufacturer,
  designation: grindingMachines.designation,
  serialNumber: grindingMachines.serialNumber,
  grindingShopId: grindingMachines.locationId,
  grindingShopName: locations.name,
  maxKnifeLength: grindingMachines.maxKnifeLength,
  active: grindingMachines.active,
  createdAt: grindingMachines.createdAt,
  updatedAt: grindingMachines.updatedAt,
};

type Row = { [K in keyof typeof selection]: (typeof selection)[K]['_']['data'] };

function toGrindingMachine(row: Row): GrindingMachine {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function machinesQuery(tx: Tx) {
  return tx
    .select(selection)
    .from(grindingMachines)
    .innerJoin(
      locations,
      and(eq(locations.tenantId, grindingMachines.tenantId), eq(locations.id, grindingMachines.locationId)),
    );
}

export async function findGrindingMachine(tx: Tx, id: string): Promise<GrindingMachine | null> {
  const [row] = await machinesQuery(tx).where(
    and(eq(grindingMachines.id, id), isNull(grindingMachines.deletedAt)),
  );
  return row ? toGrindingMachine(row as Row) : null;
}

export async function listGrindingMachinesAt(tx: Tx, locationId: string): Promise<GrindingMachine[]> {
  const rows = await machinesQuery(tx)
    .where(and(eq(grindingMachines.locationId, locationId), isNull(grindingMachines.deletedAt)))
    .orderBy(asc(sql`lower(${grindingMachines.name})`), asc(grindingMachines.id));
  return rows.map((row) => toGrindingMachine(row as Row));
}

export async function countGrindingMachinesAt(tx: Tx, locationId: string) {
  const [row] = await tx
    .select({ value: count() })
    .from(grindingMachines)
    .where(and(eq(grindingMachines.locationId, locationId), isNull(grindingMachines.deletedAt)));
  return Number(row?.value ?? 0);
}

export async function insertGrindingMachine(tx: Tx, tenantId: string, values: GrindingMachineValues) {
  const [row] = await tx
    .insert(grindingMachines)
    .values({ tenantId, ...values })
    .returning({ id: grindingMachines.id });
  return row!.id;
}

export async function updateGrindingMachine(tx: Tx, id: string, values: GrindingMachineValues) {
  const rows = await tx
    .update(grindingMachines)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(grindingMachines.id, id), isNull(grindingMachines.deletedAt)))
    .returning({ id: grindingMachines.id });
  return rows.length > 0;
}

/** Soft delete: grinding cycles recorded on the machine keep it; its serial number is free again. */
export async function softDeleteGrindingMachine(tx: Tx, id: string) {
  const rows = await tx
    .update(grindingMachines)
    .set({ deletedAt: sql`now()`, active: false, updatedAt: sql`now()` })
    .where(and(eq(grindingMachines.id, id), isNull(grindingMachines.deletedAt)))
    .returning({ id: grindingMachines.id });
  return rows.length > 0;
}
