import {
  closeMachineAccess,
  getMachineBySerial,
  HEARTBEAT_SECONDS,
  listServiceMachines,
  openMachineService,
  type ServiceType,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerServiceKeys } from './keys';

/**
 * How often the service lists ask again for their machines' online status and state. The customers'
 * machines are other tenants': no live events reach the service user, so without this a machine
 * seen offline for a moment (a site's network gone for a minute) stayed "Offline" on the page while
 * it ran again, and the operator at it saw it running. Three heartbeats: as soon as the server can
 * tell a silent machine from a live one.
 */
export const SERVICE_REFRESH_MS = 3 * HEARTBEAT_SECONDS * 1000;

/** Machines of the service user's customers, optionally of one customer; refreshed while shown. */
export function useServiceMachines(tenantId?: string) {
  return useQuery({
    queryKey: customerServiceKeys.machines(tenantId),
    queryFn: ({ signal }) => api(listServiceMachines, { query: { tenantId }, signal }),
    refetchInterval: SERVICE_REFRESH_MS,
  });
}

/** A machine by serial number, with its last 24 hours and its remote-service connections. */
export function useMachineBySerial(serial: string) {
  return useQuery({
    queryKey: customerServiceKeys.machine(serial),
    queryFn: ({ signal }) => api(getMachineBySerial, { params: { serial }, signal }),
    refetchInterval: SERVICE_REFRESH_MS,
  });
}

export function useOpenMachineService(serial: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceType: ServiceType) => api(openMachineService, { params: { serial, serviceType } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerServiceKeys.all }),
  });
}

export function useCloseMachineAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(closeMachineAccess, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerServiceKeys.all }),
  });
}
