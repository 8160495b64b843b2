/**
 * Cutting machines: owns `cutting_machines`, `machine_credentials` and `machine_login_refusals` (ADR 0012). Credentials of
 * their edge agents, broker ACL, status and online state; every other module writes a machine
 * through the functions exported here.
 */

import type { FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import type { Authenticator } from '../../lib/route';
import { registerCurrentMachineRoutes } from './current-machine.routes';
import { createCurrentMachineService } from './current-machine.service';
import { registerMachineCredentialRoutes } from './machine-credentials.routes';
import type { MachineCredentialsService } from './machine-credentials.service';
import { registerMachineStatusRoutes } from './machine-status.routes';
import { createMachineStatusService, type StatusRecorder } from './machine-status.service';
import type { MachineViews } from './machine-view';

export {
  cutsSince,
  findMachine,
  findMachineBySerial,
  insertMachineRow,
  listMachines,
  listWidths,
  type MachineRow,
  type MachineValues,
  revokeMachineCredential,
  serialsByLocation,
  setMachineOption,
  setNetworkSetupState,
  softDeleteMachine,
  updateMachine,
} from './cutting-machines.repository';
export {
  createMachineBrokerAccess,
  createMachineCredentialsService,
  type MachineCredentialsService,
} from './machine-credentials.service';
export {
  type HeardMachine,
  heardMachinesOf,
  lockHeardMachines,
  setMachineJob,
  setMachineKnife,
  setMachineOperator,
  setMachineStatus,
  setPresence,
  touchMachineViews,
} from './machine-state.repository';
export type {
  OperatorStatusRequest,
  StatusRecorder,
} from './machine-status.service';
export {
  createMachineViews,
  type MachineViews,
} from './machine-view';
export { recentMachineLoginRefusals } from './machines.repository';
export { DEMO_MACHINE_SERIALS, insertMachine, seedDemoMachines } from './machines.seed';
export { onlineStatusOf, STALE_MS } from './online-status';
export {
  findCurrentMachineOf,
  findOperableMachine,
  isStatusRequestApplied,
} from './operator-machines.repository';

/** Machine status and agent credential endpoints (under `/api/printing-shop`, as product.md §7 lists them). */
export function registerMachinesModule(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    transactions: Transactions;
    /** the telemetry write path, which the operator's status PUT takes */
    telemetry: StatusRecorder;
    credentials: MachineCredentialsService;
    demo: boolean;
    /** demo mode: whether the tenant is a seeded demo tenant (only those get simulator agents) */
    isDemoTenant?: (tenantId: string) => Promise<boolean>;
    brokerPort: () => number | null;
    /** the machine views, read for the status endpoints and published after commits */
    views: MachineViews;
  },
) {
  const { authenticator, transactions, views } = deps;
  const machineStatus = createMachineStatusService({ transactions, telemetry: deps.telemetry, views });
  registerMachineStatusRoutes(app, { authenticator, machineStatus });
  registerCurrentMachineRoutes(app, {
    authenticator,
    currentMachine: createCurrentMachineService({ transactions, changes: views }),
  });
  registerMachineCredentialRoutes(app, {
    authenticator,
    credentials: deps.credentials,
    transactions,
    demo: deps.demo,
    isDemoTenant: deps.isDemoTenant ?? (async () => false),
    brokerPort: deps.brokerPort,
  });
  return { machineStatus };
}
