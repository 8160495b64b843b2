import type { Team } from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import {
  clearTeamMembers,
  deleteTeam,
  findLiveUserIds,
  findTeams,
  insertTeams,
  putTeamMember,
  renameTeam,
} from './teams.repository';

/*
 * Teams (issue 18): a printing shop's employees grouped into teams, at most one team each, managed
 * by the tenant admin. With works-council mode TEAMS, the per-employee report sections show teams
 * instead of persons (employee-report.service.ts through `reportTeams`). ADR 0020 "Works-council mode".
 */

async function oneTeam(tx: Tx, id: string): Promise<Team> {
  const [team] = await findTeams(tx, id);
  if (!team) throw new AppError('service.printing-shops.TEAM_NOT_FOUND');
  return team;
}

export function createTeamsService(deps: { transactions: Transactions }) {
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
    list: (actor: Actor) => transactions.withTenant(actor.tenantId, (tx) => findTeams(tx)),
    create: (actor: Actor, name: string) =>
      named(() =>
        transactions.withTenant(actor.tenantId, async (tx) => {
          const [id] = await insertTeams(tx, actor.tenantId, [name]);
          await audit(tx, actor, 'printing-shop.team.create', 'team', id!, { name });
          return oneTeam(tx, id!);
        }),
      ),
    rename: (actor: Actor, id: string, name: string) =>
      named(() =>
        transactions.withTenant(actor.tenantId, async (tx) => {
          await oneTeam(tx, id);
          await renameTeam(tx, id, name);
          await audit(tx, actor, 'printing-shop.team.update', 'team', id, { name });
          return oneTeam(tx, id);
        }),
      ),
    setMembers: (actor: Actor, id: string, userIds: string[]) =>
      transactions.withTenant(actor.tenantId, async (tx) => {
        await oneTeam(tx, id);
        const wanted = [...new Set(userIds.map((u) => u.toLowerCase()))];
        const found = await findLiveUserIds(tx, wanted);
        if (found.length !== wanted.length) throw new AppError('authentication.USER_NOT_FOUND');
        await clearTeamMembers(tx, id);
        for (const userId of wanted) await putTeamMember(tx, actor.tenantId, userId, id);
        await audit(tx, actor, 'printing-shop.team.members', 'team', id, { members: wanted.length });
        return oneTeam(tx, id);
      }),
    remove: (actor: Actor, id: string) =>
      transactions.withTenant(actor.tenantId, async (tx) => {
        await oneTeam(tx, id);
        await deleteTeam(tx, id);
        await audit(tx, actor, 'printing-shop.team.delete', 'team', id);
      }),
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
