import {
  closeMachineAccess,
  getMachineBySerial,
  listServiceMachines,
  openMachineService,
  type ServiceType,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerServiceKeys } from './keys';

/** Machines of the service user's customers, optionally of one customer. */
export function useServiceMachines(tenantId?: string) {
  return useQuery({
    queryKey: customerServiceKeys.machines(tenantId),
    queryFn: ({ signal }) => api(listServiceMachines, { query: { tenantId }, signal }),
  });
}

/** A machine by serial number, with its last 24 hours and its remote-service connections. */
export function useMachineBySerial(serial: string) {
  return useQuery({
    queryKey: customerServiceKeys.machine(serial),
    queryFn: ({ signal }) => api(getMachineBySerial, { params: { serial }, signal }),
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
