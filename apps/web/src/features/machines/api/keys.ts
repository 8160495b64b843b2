export const machineKeys = {
  all: ['machines'] as const,
  adminView: () => [...machineKeys.all, 'admin-view'] as const,
  unusedSerials: () => [...machineKeys.all, 'unused-serials'] as const,
  options: (id: string) => [...machineKeys.all, 'options', id] as const,
  /** the machines' last cut events from the live socket (no HTTP query behind it) */
  liveCuts: () => ['live', 'machine-cuts'] as const,
};
