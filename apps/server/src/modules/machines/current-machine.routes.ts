import {
  getOperatorMachineSelectionView,
  releaseCurrentMachine,
  selectCurrentMachine,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { CurrentMachineService } from './current-machine.service';

/** The operator's machine (product.md §7 printing-shop server, `/api/printing-shop`). */
export function registerCurrentMachineRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; currentMachine: CurrentMachineService },
) {
  const { authenticator, currentMachine } = deps;
  registerRoute(app, authenticator, getOperatorMachineSelectionView, ({ actor }) =>
    currentMachine.selectionView(actor),
  );
  registerRoute(app, authenticator, selectCurrentMachine, ({ actor, body }) =>
    currentMachine.select(actor, body.machineId),
  );
  registerRoute(app, authenticator, releaseCurrentMachine, async ({ actor, params }) => {
    await currentMachine.release(actor, params.id);
  });
}
