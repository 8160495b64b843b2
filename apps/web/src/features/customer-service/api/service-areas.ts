import {
  type CreateServiceUser,
  createServiceArea,
  createServiceUser,
  deleteServiceArea,
  deleteUser,
  getServiceArea,
  listServiceAreaEmployees,
  listServiceAreaMachines,
  listServiceAreas,
  listServiceEmployees,
  type ServiceAreaInput,
  setUserServiceAreas,
  type UpdateUser,
  updateServiceArea,
  updateUser,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerServiceKeys } from './keys';

export function useServiceAreas() {
  return useQuery({
    queryKey: customerServiceKeys.serviceAreas(),
    queryFn: ({ signal }) => api(listServiceAreas, { signal }),
  });
}

export function useServiceArea(id: string) {
  return useQuery({
    queryKey: customerServiceKeys.serviceArea(id),
    queryFn: ({ signal }) => api(getServiceArea, { params: { id }, signal }),
  });
}

export function useServiceAreaEmployees(id: string) {
  return useQuery({
    queryKey: customerServiceKeys.serviceAreaEmployees(id),
    queryFn: ({ signal }) => api(listServiceAreaEmployees, { params: { id }, signal }),
  });
}

export function useServiceAreaMachines(id: string) {
  return useQuery({
    queryKey: customerServiceKeys.serviceAreaMachines(id),
    queryFn: ({ signal }) => api(listServiceAreaMachines, { params: { id }, signal }),
  });
}

export function useServiceEmployees() {
  return useQuery({
    queryKey: customerServiceKeys.employees(),
    queryFn: ({ signal }) => api(listServiceEmployees, { signal }),
  });
}

export function useSaveServiceArea(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceAreaInput) =>
      id ? api(updateServiceArea, { params: { id }, body }) : api(createServiceArea, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerServiceKeys.all }),
  });
}

export function useDeleteServiceArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteServiceArea, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerServiceKeys.all }),
  });
}

export interface ServiceEmployeeSave {
  user: CreateServiceUser;
  serviceAreaIds: string[];
}

/** A new employee in one call; a changed one through the auth contract, then its service areas. */
export function useSaveServiceEmployee(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ user, serviceAreaIds }: ServiceEmployeeSave) => {
      if (!id) return api(createServiceUser, { body: { ...user, serviceAreaIds } });
      const { serviceAreaIds: _ids, ...fields } = user;
      const body: UpdateUser = { ...fields, password: fields.password ? fields.password : undefined };
      await api(updateUser, { params: { id }, body });
      return api(setUserServiceAreas, { params: { id }, body: { serviceAreaIds } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerServiceKeys.all }),
  });
}

export function useDeleteServiceEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteUser, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerServiceKeys.all }),
  });
}
