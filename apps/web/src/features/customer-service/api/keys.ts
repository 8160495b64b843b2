export const customerServiceKeys = {
  all: ['customer-service'] as const,
  customers: (search?: string) => [...customerServiceKeys.all, 'customers', { search }] as const,
  customer: (id: string) => [...customerServiceKeys.all, 'customer', id] as const,
  machines: (tenantId?: string) => [...customerServiceKeys.all, 'machines', { tenantId }] as const,
  machine: (serial: string) => [...customerServiceKeys.all, 'machine', serial] as const,
  search: (term: string) => [...customerServiceKeys.all, 'search', term] as const,
  serviceAreas: () => [...customerServiceKeys.all, 'service-areas'] as const,
  serviceArea: (id: string) => [...customerServiceKeys.all, 'service-area', id] as const,
  serviceAreaEmployees: (id: string) =>
    [...customerServiceKeys.all, 'service-area', id, 'employees'] as const,
  serviceAreaMachines: (id: string) => [...customerServiceKeys.all, 'service-area', id, 'machines'] as const,
  employees: () => [...customerServiceKeys.all, 'employees'] as const,
  fleet: (days: number) => ['manufacturer', 'fleet', { days }] as const,
  supportAccesses: (page: number, pageSize: number) => ['support-accesses', { page, pageSize }] as const,
  manufacturerAccesses: () => ['manufacturer-accesses'] as const,
};
