export const grindingMachineKeys = {
  all: ['grinding-machines'] as const,
  atLocation: (locationId: string) => [...grindingMachineKeys.all, 'location', locationId] as const,
};
