import {
  getSetupCheck,
  getSiteManager,
  getSiteRequirements,
  getSystemInfo,
  listSetupChecks,
  setSiteManager,
  startSetupChecks,
  submitDoctorReport,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { SetupChecksService } from './setup-checks.service';
import type { SystemService } from './system.service';

export function registerSetupRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; checks: SetupChecksService; system: SystemService },
) {
  const { authenticator: auth, checks, system } = deps;
  registerRoute(app, auth, getSystemInfo, async () => system.systemInfo());
  registerRoute(app, auth, getSiteManager, ({ actor }) => system.getSiteManager(actor));
  registerRoute(app, auth, setSiteManager, ({ actor, body }) =>
    system.setSiteManager(actor, body.serialNumber),
  );
  registerRoute(app, auth, getSiteRequirements, async () => system.requirements());
  registerRoute(app, auth, submitDoctorReport, ({ headers, body, request }) =>
    checks.submitReport(headers.authorization, body, request.ip),
  );
  registerRoute(app, auth, startSetupChecks, ({ actor, params }) => checks.start(actor, params.id));
  registerRoute(app, auth, listSetupChecks, ({ actor, params }) => checks.list(actor, params.id));
  registerRoute(app, auth, getSetupCheck, ({ actor, params }) => checks.get(actor, params.id, params.runId));
}
