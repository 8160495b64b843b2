import { getMachineStatusView, getMachinesOnlineStatus, setMachineStatus } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { MachineStatusService } from './machine-status.service';

/** Machine status endpoints of the printing-shop module (product.md §7, `/api/printing-shop`). */
export function registerMachineStatusRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; machineStatus: MachineStatusService },
) {
  const { authenticator, machineStatus } = deps;
  registerRoute(app, authenticator, setMachineStatus, ({ actor, params, body, headers }) =>
    machineStatus.setStatus(actor, params.id, body.value, {
      idempotencyKey: headers['idempotency-key'],
      at: body.at,
    }),
  );
  registerRoute(app, authenticator, getMachineStatusView, ({ actor, params }) =>
    machineStatus.statusView(actor, params.id),
  );
  registerRoute(app, authenticator, getMachinesOnlineStatus, ({ actor, query }) =>
    machineStatus.onlineStatus(actor, query),
  );
}
