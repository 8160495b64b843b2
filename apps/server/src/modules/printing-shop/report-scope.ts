import type { ReportEmployeeSchema, ReportUserViewSchema } from '@kerf/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { findReportUsers } from './employees.repository';
import { findAllLocationIds, findAssignedLocationIds } from './locations.repository';
import { worksCouncilMode } from './works-council.repository';

/** Roles that see only the locations they are assigned to (`user_locations`); the others see the whole shop. */
const ASSIGNED_ONLY = new Set(['PRINTING_SHOP_MANAGER', 'PRINTING_SHOP_OPERATOR']);

/**
 * The locations a user may report on: a manager (or operator) the locations they work at
 * (`user_locations`, set by the admin), everybody else with `reports:read` every location of the
 * tenant. `requested` narrows that set; ids the user may not see (or of another tenant, which RLS
 * hides anyway) are dropped, so they give nothing rather than someone else's data.
 */
export async function visibleLocationIds(tx: Tx, actor: Actor, requested?: string[]): Promise<string[]> {
  const visible = ASSIGNED_ONLY.has(actor.role)
    ? await findAssignedLocationIds(tx, actor.userId)
    : await findAllLocationIds(tx);
  if (!requested || requested.length === 0) return visible;
  const wanted = new Set(requested.map((id) => id.toLowerCase()));
  return visible.filter((id) => wanted.has(id));
}

/** How reports name a person: the pseudonym (display name) where one is set, else first and last name. */
export function reportEmployee(
  row: {
    id: string | null;
    firstName: string | null;
    lastName: string | null;
    displayName: string | null;
  },
  /** works-council mode (works-council.repository.ts): never the real name */
  worksCouncil = false,
): z.infer<typeof ReportEmployeeSchema> {
  if (row.id === null) return { id: null, label: '', pseudonym: false };
  const pseudonym = row.displayName?.trim();
  if (pseudonym) return { id: row.id, label: pseudonym, pseudonym: true };
  // Without a pseudonym: a neutral code from the id, the same in every report and CSV.
  if (worksCouncil)
    return { id: row.id, label: `#${row.id.replaceAll('-', '').slice(0, 6).toUpperCase()}`, pseudonym: true };
  return {
    id: row.id,
    label: [row.firstName, row.lastName].filter((part) => part?.trim()).join(' '),
    pseudonym: false,
  };
}

/** product.md §7 "reports user-view": the (not deleted) employees working at the given locations. */
export async function reportUserView(
  tx: Tx,
  locationIds: string[],
): Promise<z.input<typeof ReportUserViewSchema>[]> {
  if (locationIds.length === 0) return [];
  const rows = await findReportUsers(tx, locationIds);
  const council = await worksCouncilMode(tx);
  const listed = rows.map((row) => ({
    employee: reportEmployee(row, council),
    role: row.role,
    locationIds: row.locationIds,
    active: row.active,
  }));
  // In works-council mode the order must not follow the real names either.
  return council ? listed.sort((a, b) => a.employee.label.localeCompare(b.employee.label)) : listed;
}
