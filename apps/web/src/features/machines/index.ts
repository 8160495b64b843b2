/** Cutting machines: queries, the machine table and dialogs, state and live updates. */

export {
  acceptMachineView,
  oldestAsOf,
  statusViewQuery,
  useMachine,
  useMachineStatusView,
  useMachineStatusViews,
  useMachineViewsLive,
} from './api/machine-status-view';
export { useMachinesAdminView } from './api/machines';
export { CutsToday } from './components/cuts-today';
export { MachineFormModal } from './components/machine-form-modal';
export { MachinesTable } from './components/machines-table';
export { NetworkSetupBadge } from './components/network-setup-badge';
export { machineState } from './machine-state';
