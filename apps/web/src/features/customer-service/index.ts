/** Customer service and manufacturers: customers, machines, connections, service areas, the fleet, access log and grants. */
export { useCustomerDetails, useCustomers } from './api/customers';

export {
  useCloseMachineAccess,
  useMachineBySerial,
  useOpenMachineService,
  useServiceMachines,
} from './api/machines';
export { useFleet } from './api/manufacturers';
export { useExportCustomersCsv } from './api/reports';
export {
  useDeleteServiceArea,
  useServiceArea,
  useServiceAreaEmployees,
  useServiceAreaMachines,
  useServiceAreas,
  useServiceEmployees,
} from './api/service-areas';

export { CustomersTable } from './components/customers-table';
export { FleetTable } from './components/fleet-table';
export { MachineAccessesTable } from './components/machine-accesses-table';
export { ServiceAreaFormModal } from './components/service-area-form-modal';
export { ServiceEmployeesTable } from './components/service-employees-table';
export { ServiceMachinesTable } from './components/service-machines-table';
export { type SearchHit, ServiceSearch } from './components/service-search';
export { ManufacturerAccessList, SupportAccessesTable } from './components/support-accesses';
