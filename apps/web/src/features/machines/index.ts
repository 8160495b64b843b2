/** Cutting machines: queries, the machine table and dialogs, state and live updates. */

export { machineKeys } from './api/keys';
export {
  acceptMachineView,
  isNotOlder,
  oldestAsOf,
  statusViewQuery,
  useMachine,
  useMachineStatusView,
  useMachineStatusViews,
  useMachineViewsLive,
} from './api/machine-status-view';
export { MACHINE_STATE_FALLBACK_REFRESH_MS, useMachinesAdminView } from './api/machines';
export { CutsToday, shopDayDiffers } from './components/cuts-today';
export { MachineFormModal, toRequest } from './components/machine-form-modal';
export { MachinesTable } from './components/machines-table';
export { NetworkSetupBadge } from './components/network-setup-badge';
export { machineState } from './machine-state';
