import { issueDemoAgents, issueMachineCredential } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { MachineCredentialsService } from './machine-credentials.service';
import { ensureDemoMachines } from './machines.seed';

/** Credentials of edge agents; in demo mode also the simulator's provisioning call. */
export function registerMachineCredentialRoutes(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    credentials: MachineCredentialsService;
    transactions: Transactions;
    demo: boolean;
    /** demo mode: whether the tenant is one of the seeded demo tenants (only they get agents) */
    isDemoTenant: (tenantId: string) => Promise<boolean>;
    brokerPort: () => number | null;
  },
) {
  const { authenticator, credentials } = deps;
  registerRoute(app, authenticator, issueMachineCredential, ({ actor, params }) =>
    credentials.issue(actor.tenantId, params.id),
  );
  if (!deps.demo) return;
  registerRoute(app, authenticator, issueDemoAgents, async ({ actor, body }) => {
    // A tenant registered through the website in demo mode gets no machine agents with credentials.
    if (!(await deps.isDemoTenant(actor.tenantId))) throw new AppError('authentication.FORBIDDEN');
    const machineIds = await deps.transactions.withTenant(actor.tenantId, (tx) =>
      ensureDemoMachines(tx, actor.tenantId, body.count),
    );
    const agents = [];
    for (const id of machineIds) agents.push(await credentials.issue(actor.tenantId, id));
    return { mqttPort: deps.brokerPort(), agents };
  });
}
