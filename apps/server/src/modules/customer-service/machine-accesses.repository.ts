import type { MachineAccessState, Role, ServiceType } from '@kerf/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { machineAccesses } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

/** Writes of `machine_accesses` (owned by this module): opened and closed, never deleted. */

export interface NewMachineAccess {
  tenantId: string;
  machineId: string;
  serviceType: ServiceType;
  state: MachineAccessState;
  actorTenantId: string;
  actorUserId: string | null;
  actorName: string;
  actorRole: Role | null;
  openedAt?: Date;
  closedAt?: Date | null;
  diagnostics: Record<string, unknown>;
}

export async function insertMachineAccess(tx: Tx, access: NewMachineAccess): Promise<string> {
  const [row] = await tx
    .insert(machineAccesses)
    .values({ ...access, openedAt: access.openedAt ?? sql`now()`, closedAt: access.closedAt ?? null })
    .returning({ id: machineAccesses.id });
  return row!.id;
}

export async function closeMachineAccessRow(tx: Tx, tenantId: string, id: string) {
  await tx
    .update(machineAccesses)
    .set({ state: 'CLOSED', closedAt: sql`now()` })
    .where(
      and(
        eq(machineAccesses.tenantId, tenantId),
        eq(machineAccesses.id, id),
        eq(machineAccesses.state, 'ACTIVE'),
      ),
    );
}
