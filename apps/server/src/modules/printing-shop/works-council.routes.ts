import { getWorksCouncilSetting, setWorksCouncilSetting } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { WorksCouncilService } from './works-council.service';

export function registerWorksCouncilRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; worksCouncil: WorksCouncilService },
) {
  const { authenticator, worksCouncil } = deps;
  registerRoute(app, authenticator, getWorksCouncilSetting, ({ actor }) => worksCouncil.get(actor));
  registerRoute(app, authenticator, setWorksCouncilSetting, ({ actor, body }) =>
    worksCouncil.set(actor, body.enabled, body.mode),
  );
}
