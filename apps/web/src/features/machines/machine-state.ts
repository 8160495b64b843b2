import type { CuttingMachineAdminView } from '@kerf/contracts';
import type { MachineStatus } from '../../components/status';

/** The state a badge shows: the reported status while online, else the connection state. */
export function machineState(
  machine: Pick<CuttingMachineAdminView, 'onlineStatus' | 'status'>,
): MachineStatus {
  if (machine.onlineStatus !== 'ONLINE') return machine.onlineStatus;
  return machine.status ?? 'UNKNOWN';
}
