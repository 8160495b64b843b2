import {
  createSystemTenant,
  getIngestHealth,
  getSystemMail,
  listSystemAudit,
  listSystemJobs,
  listSystemMails,
  listSystemTenants,
  listSystemUsers,
  resendSystemMail,
  runSystemJob,
  setSystemTenantActive,
  setSystemUserActive,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { SystemAdminService } from './system-admin.service';

/** The system admin area's endpoints under `/api/system` (issue 18). */
export function registerSystemAdminRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; system: SystemAdminService },
) {
  const { authenticator, system } = deps;
  registerRoute(app, authenticator, listSystemTenants, ({ actor, query }) =>
    system.listTenants(actor, {
      search: query.search || undefined,
      active: query.active,
      page: query.page,
      pageSize: query.page_size,
    }),
  );
  registerRoute(app, authenticator, createSystemTenant, ({ actor, body }) =>
    system.createTenant(actor, body),
  );
  registerRoute(app, authenticator, setSystemTenantActive, ({ actor, params, body }) =>
    system.setTenantActive(actor, params.id, body.active),
  );
  registerRoute(app, authenticator, listSystemUsers, ({ actor, query }) =>
    system.listUsers(actor, {
      search: query.search || undefined,
      tenantId: query.tenant_id,
      page: query.page,
      pageSize: query.page_size,
    }),
  );
  registerRoute(app, authenticator, setSystemUserActive, ({ actor, params, body }) =>
    system.setUserActive(actor, params.id, body.active),
  );
  registerRoute(app, authenticator, listSystemMails, ({ actor, query }) =>
    system.listMails(actor, {
      state: query.state,
      search: query.search || undefined,
      page: query.page,
      pageSize: query.page_size,
    }),
  );
  registerRoute(app, authenticator, getSystemMail, ({ actor, params }) => system.getMail(actor, params.id));
  registerRoute(app, authenticator, resendSystemMail, ({ actor, params }) =>
    system.resendMail(actor, params.id),
  );
  registerRoute(app, authenticator, listSystemAudit, ({ actor, query }) =>
    system.listAudit(actor, {
      tenantId: query.tenant_id,
      actor: query.actor || undefined,
      action: query.action || undefined,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      page: query.page,
      pageSize: query.page_size,
    }),
  );
  registerRoute(app, authenticator, getIngestHealth, async () => system.ingestHealth());
  registerRoute(app, authenticator, listSystemJobs, async () => system.listJobs());
  registerRoute(app, authenticator, runSystemJob, ({ params }) => system.runJob(params.name));
}
