export const machineKeys = {
  all: ['machines'] as const,
  adminView: () => [...machineKeys.all, 'admin-view'] as const,
  unusedSerials: () => [...machineKeys.all, 'unused-serials'] as const,
  options: (id: string) => [...machineKeys.all, 'options', id] as const,
  detail: (id: string) => [...machineKeys.all, 'detail', id] as const,
  statusView: (id: string) => [...machineKeys.all, 'status-view', id] as const,
  idealCutRate: (id: string) => [...machineKeys.all, 'ideal-cut-rate', id] as const,
};
