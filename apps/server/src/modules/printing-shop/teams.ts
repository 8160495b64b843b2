import { createTeam, deleteTeam, listTeams, setTeamMembers, type Team, updateTeam } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Authenticator, registerRoute } from '../../lib/route';

/*
 * Teams (issue 18): a printing shop's employees grouped into teams, at most one team each, managed
 * by the tenant admin. With works-council mode TEAMS, the per-employee report sections show teams
 * instead of persons (report.service.ts through `reportTeams`). ADR 0020 "Works-council mode".
 */

async function readTeams(tx: Tx, id?: string): Promise<Team[]> {
  return queryRows<Team>(
    tx,
    sql`SELECT t.id, t.name,
               coalesce(array_agg(m.user_id ORDER BY m.user_id) FILTER (WHERE m.user_id IS NOT NULL), '{}')::text[] AS "memberIds"
        FROM teams t LEFT JOIN team_members m ON m.tenant_id = t.tenant_id AND m.team_id = t.id
        ${id ? sql`WHERE t.id = ${id}` : sql``}
        GROUP BY t.tenant_id, t.id ORDER BY lower(t.name), t.id`,
  );
}

async function oneTeam(tx: Tx, id: string): Promise<Team> {
  const [team] = await readTeams(tx, id);
  if (!team) throw new AppError('service.printing-shops.TEAM_NOT_FOUND');
  return team;
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

/** Demo: the shop's employees in two teams, by shift. */
export async function seedDemoTeams(tx: Tx, tenantId: string): Promise<void> {
  const people = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM users WHERE deleted_at IS NULL AND role IN ('PRINTING_SHOP_OPERATOR', 'PRINTING_SHOP_MANAGER')
        ORDER BY username`,
  );
  const teams = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO teams (tenant_id, name) VALUES (${tenantId}, 'Early shift'), (${tenantId}, 'Late shift') RETURNING id`,
  );
  for (const [index, person] of people.entries())
    await tx.execute(
      sql`INSERT INTO team_members (tenant_id, user_id, team_id) VALUES (${tenantId}, ${person.id}, ${teams[index % 2]!.id})`,
    );
}

function createTeamsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const named = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (isUniqueViolation(error, 'teams_tenant_name_key'))
        throw new AppError('service.printing-shops.TEAM_NAME_TAKEN');
      throw error;
    }
  };
  return {
    list: (actor: Actor) => transactions.withTenant(actor.tenantId, (tx) => readTeams(tx)),
    create: (actor: Actor, name: string) =>
      named(() =>
        transactions.withTenant(actor.tenantId, async (tx) => {
          const [row] = await queryRows<{ id: string }>(
            tx,
            sql`INSERT INTO teams (tenant_id, name) VALUES (${actor.tenantId}, ${name}) RETURNING id`,
          );
          await audit(tx, actor, 'printing-shop.team.create', 'team', row!.id, { name });
          return oneTeam(tx, row!.id);
        }),
      ),
    rename: (actor: Actor, id: string, name: string) =>
      named(() =>
        transactions.withTenant(actor.tenantId, async (tx) => {
          await oneTeam(tx, id);
          await tx.execute(sql`UPDATE teams SET name = ${name}, updated_at = now() WHERE id = ${id}`);
          await audit(tx, actor, 'printing-shop.team.update', 'team', id, { name });
          return oneTeam(tx, id);
        }),
      ),
    setMembers: (actor: Actor, id: string, userIds: string[]) =>
      transactions.withTenant(actor.tenantId, async (tx) => {
        await oneTeam(tx, id);
        const wanted = [...new Set(userIds.map((u) => u.toLowerCase()))];
        const found = await queryRows<{ id: string }>(
          tx,
          sql`SELECT id FROM users WHERE deleted_at IS NULL
              AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)::uuid)`,
        );
        if (found.length !== wanted.length) throw new AppError('authentication.USER_NOT_FOUND');
        await tx.execute(sql`DELETE FROM team_members WHERE team_id = ${id}`);
        for (const userId of wanted)
          await tx.execute(sql`
            INSERT INTO team_members (tenant_id, user_id, team_id) VALUES (${actor.tenantId}, ${userId}, ${id})
            ON CONFLICT (tenant_id, user_id) DO UPDATE SET team_id = EXCLUDED.team_id`);
        await audit(tx, actor, 'printing-shop.team.members', 'team', id, { members: wanted.length });
        return oneTeam(tx, id);
      }),
    remove: (actor: Actor, id: string) =>
      transactions.withTenant(actor.tenantId, async (tx) => {
        await oneTeam(tx, id);
        await tx.execute(sql`DELETE FROM teams WHERE id = ${id}`);
        await audit(tx, actor, 'printing-shop.team.delete', 'team', id);
      }),
  };
}

export function registerTeamRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; transactions: Transactions },
) {
  const service = createTeamsService(deps);
  const { authenticator } = deps;
  registerRoute(app, authenticator, listTeams, ({ actor }) => service.list(actor));
  registerRoute(app, authenticator, createTeam, async ({ actor, body, reply }) => {
    reply.code(201);
    return service.create(actor, body.name);
  });
  registerRoute(app, authenticator, updateTeam, ({ actor, params, body }) =>
    service.rename(actor, params.id, body.name),
  );
  registerRoute(app, authenticator, setTeamMembers, ({ actor, params, body }) =>
    service.setMembers(actor, params.id, body.userIds),
  );
  registerRoute(app, authenticator, deleteTeam, ({ actor, params }) => service.remove(actor, params.id));
}
