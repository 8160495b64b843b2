import type { Team } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/** The tenant's teams with their members, or the one team `id`. */
export async function findTeams(tx: Tx, id?: string): Promise<Team[]> {
  return queryRows<Team>(
    tx,
    sql`SELECT t.id, t.name,
               coalesce(array_agg(m.user_id ORDER BY m.user_id) FILTER (WHERE m.user_id IS NOT NULL), '{}')::text[] AS "memberIds"
        FROM teams t LEFT JOIN team_members m ON m.tenant_id = t.tenant_id AND m.team_id = t.id
        ${id ? sql`WHERE t.id = ${id}` : sql``}
        GROUP BY t.tenant_id, t.id ORDER BY lower(t.name), t.id`,
  );
}

export interface TeamOfUser {
  userId: string;
  teamId: string;
  teamName: string;
}

/** The team of each of the given users that is in one (report module, works-council mode TEAMS). */
export async function reportTeams(tx: Tx, userIds: readonly string[]): Promise<TeamOfUser[]> {
  if (userIds.length === 0) return [];
  return queryRows<TeamOfUser>(
    tx,
    sql`SELECT m.user_id AS "userId", t.id AS "teamId", t.name AS "teamName"
        FROM team_members m JOIN teams t ON t.tenant_id = m.tenant_id AND t.id = m.team_id
        WHERE m.user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid)`,
  );
}

/** The ids of the given users that exist and are not deleted. */
export async function findLiveUserIds(tx: Tx, userIds: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM users WHERE deleted_at IS NULL
        AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid)`,
  );
  return rows.map((row) => row.id);
}

/** The shop's operators and managers, by user name (the demo's teams). */
export async function findTeamCandidateIds(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM users WHERE deleted_at IS NULL AND role IN ('PRINTING_SHOP_OPERATOR', 'PRINTING_SHOP_MANAGER')
        ORDER BY username`,
  );
  return rows.map((row) => row.id);
}

/** New teams, in the order of `names`; their ids. */
export async function insertTeams(tx: Tx, tenantId: string, names: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO teams (tenant_id, name) VALUES ${sql.join(
      names.map((name) => sql`(${tenantId}, ${name})`),
      sql`, `,
    )} RETURNING id`,
  );
  return rows.map((row) => row.id);
}

export async function renameTeam(tx: Tx, id: string, name: string): Promise<void> {
  await tx.execute(sql`UPDATE teams SET name = ${name}, updated_at = now() WHERE id = ${id}`);
}

export async function deleteTeam(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`DELETE FROM teams WHERE id = ${id}`);
}

export async function clearTeamMembers(tx: Tx, teamId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM team_members WHERE team_id = ${teamId}`);
}

/** Puts the user into the team, out of the team they were in. */
export async function putTeamMember(tx: Tx, tenantId: string, userId: string, teamId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO team_members (tenant_id, user_id, team_id) VALUES (${tenantId}, ${userId}, ${teamId})
    ON CONFLICT (tenant_id, user_id) DO UPDATE SET team_id = EXCLUDED.team_id`);
}

/** A new member of a team (the demo's, into teams without members). */
export async function insertTeamMember(
  tx: Tx,
  tenantId: string,
  userId: string,
  teamId: string,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO team_members (tenant_id, user_id, team_id) VALUES (${tenantId}, ${userId}, ${teamId})`,
  );
}
