export const machineKeys = {
  all: ['machines'] as const,
  adminView: () => [...machineKeys.all, 'admin-view'] as const,
  unusedSerials: () => [...machineKeys.all, 'unused-serials'] as const,
  options: (id: string) => [...machineKeys.all, 'options', id] as const,
};
