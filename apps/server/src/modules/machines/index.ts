/** Cutting machines: credentials of their edge agents, broker ACL, status and online state. */

export {
  DEMO_MACHINE_SERIALS,
  insertKnife,
  insertLocation,
  insertMachine,
  seedDemoMachines,
} from './demo-machines';
export { registerMachineCredentialRoutes } from './machine-credentials.routes';
export {
  createMachineBrokerAccess,
  createMachineCredentialsService,
  type MachineCredential,
  type MachineCredentialsService,
} from './machine-credentials.service';
export { registerMachineStatusRoutes } from './machine-status.routes';
export {
  createMachineStatusService,
  type MachineStatusService,
  onlineStatusOf,
} from './machine-status.service';
