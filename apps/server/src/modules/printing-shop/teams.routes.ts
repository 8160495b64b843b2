import { createTeam, deleteTeam, listTeams, setTeamMembers, updateTeam } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { TeamsService } from './teams.service';

export function registerTeamRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; teams: TeamsService },
) {
  const { authenticator, teams } = deps;
  registerRoute(app, authenticator, listTeams, ({ actor }) => teams.list(actor));
  registerRoute(app, authenticator, createTeam, async ({ actor, body, reply }) => {
    reply.code(201);
    return teams.create(actor, body.name);
  });
  registerRoute(app, authenticator, updateTeam, ({ actor, params, body }) =>
    teams.rename(actor, params.id, body.name),
  );
  registerRoute(app, authenticator, setTeamMembers, ({ actor, params, body }) =>
    teams.setMembers(actor, params.id, body.userIds),
  );
  registerRoute(app, authenticator, deleteTeam, ({ actor, params }) => teams.remove(actor, params.id));
}
