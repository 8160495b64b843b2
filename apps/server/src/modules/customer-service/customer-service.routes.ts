import {
  closeMachineAccess,
  createServiceArea,
  createServiceUser,
  deleteServiceArea,
  exportCustomersCsv,
  getCustomerUserView,
  getMachineAccess,
  getMachineBySerial,
  getManufacturerFleet,
  getServiceArea,
  getUserServiceAreas,
  grantManufacturerAccess,
  listCustomers,
  listMachineAccesses,
  listManufacturerAccesses,
  listServiceAreaEmployees,
  listServiceAreaMachines,
  listServiceAreas,
  listServiceEmployees,
  listServiceMachines,
  listSupportAccesses,
  openMachineService,
  revokeManufacturerAccess,
  searchView,
  setUserServiceAreas,
  updateServiceArea,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../lib/csv';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { CustomerReportService } from './customer-report.service';
import type { CustomersService } from './customers.service';
import type { MachineAccessesService } from './machine-accesses.service';
import type { ManufacturersService } from './manufacturers.service';
import type { ServiceAreasService } from './service-areas.service';

/**
 * product.md §7 "Customer service" at /api/customer-service, the manufacturer's fleet, and the tenant
 * admin's side of these cross-tenant reads under /api/printing-shop (grants, who looked at what).
 */
export function registerCustomerServiceRoutes(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    serviceAreas: ServiceAreasService;
    customers: CustomersService;
    machineAccesses: MachineAccessesService;
    customerReport: CustomerReportService;
    manufacturers: ManufacturersService;
  },
) {
  const { authenticator, serviceAreas, customers, machineAccesses, customerReport, manufacturers } = deps;

  registerRoute(app, authenticator, listServiceAreas, ({ actor }) => serviceAreas.list(actor));
  registerRoute(app, authenticator, createServiceArea, ({ actor, body }) => serviceAreas.create(actor, body));
  registerRoute(app, authenticator, getServiceArea, ({ actor, params }) =>
    serviceAreas.get(actor, params.id),
  );
  registerRoute(app, authenticator, updateServiceArea, ({ actor, params, body }) =>
    serviceAreas.update(actor, params.id, body),
  );
  registerRoute(app, authenticator, deleteServiceArea, ({ actor, params }) =>
    serviceAreas.remove(actor, params.id),
  );
  registerRoute(app, authenticator, listServiceAreaEmployees, ({ actor, params }) =>
    serviceAreas.employees(actor, params.id),
  );
  // The response schema leaves out what the view does not show (cutting width).
  registerRoute(app, authenticator, listServiceAreaMachines, ({ actor, params }) =>
    serviceAreas.machines(actor, params.id),
  );
  registerRoute(app, authenticator, listServiceEmployees, ({ actor }) => serviceAreas.employees(actor));
  registerRoute(app, authenticator, createServiceUser, ({ actor, body }) =>
    serviceAreas.createUser(actor, body),
  );
  registerRoute(app, authenticator, getUserServiceAreas, ({ actor, params }) =>
    serviceAreas.userServiceAreas(actor, params.id),
  );
  registerRoute(app, authenticator, setUserServiceAreas, ({ actor, params, body }) =>
    serviceAreas.setUserServiceAreas(actor, params.id, body.serviceAreaIds),
  );

  registerRoute(app, authenticator, listCustomers, ({ actor, query }) =>
    customers.listCustomers(actor, query.search || undefined),
  );
  registerRoute(app, authenticator, searchView, ({ actor, query }) => customers.search(actor, query.search));
  registerRoute(app, authenticator, getCustomerUserView, ({ actor, params }) =>
    customers.customerDetails(actor, params.shopId),
  );
  registerRoute(app, authenticator, listServiceMachines, ({ actor, query }) =>
    customers.listMachines(actor, { search: query.search || undefined, tenantId: query.tenantId }),
  );
  registerRoute(app, authenticator, getMachineBySerial, ({ actor, params }) =>
    customers.machineBySerial(actor, params.serial),
  );
  registerRoute(app, authenticator, listMachineAccesses, ({ actor, query }) =>
    machineAccesses.listAccesses(actor, query),
  );
  registerRoute(app, authenticator, getMachineAccess, ({ actor, params }) =>
    machineAccesses.getAccess(actor, params.id),
  );
  registerRoute(app, authenticator, closeMachineAccess, ({ actor, params }) =>
    machineAccesses.closeAccess(actor, params.id),
  );
  registerRoute(app, authenticator, openMachineService, ({ actor, params }) =>
    machineAccesses.openService(actor, params.serial, params.serviceType),
  );
  registerRoute(app, authenticator, exportCustomersCsv, async ({ actor, query, reply }) => {
    const file = await customerReport.report(actor, query);
    return sendCsv(reply, file.fileName, file.header, file.lines, file.texts.dialect);
  });

  registerRoute(app, authenticator, getManufacturerFleet, ({ actor, query }) =>
    manufacturers.fleet(actor, { days: query.days, search: query.search || undefined }),
  );
  registerRoute(app, authenticator, listSupportAccesses, ({ actor, query }) =>
    manufacturers.supportAccesses(actor, query.page, query.page_size),
  );
  registerRoute(app, authenticator, listManufacturerAccesses, ({ actor }) =>
    manufacturers.listAccesses(actor),
  );
  registerRoute(app, authenticator, grantManufacturerAccess, ({ actor, params }) =>
    manufacturers.grant(actor, params.manufacturerId),
  );
  registerRoute(app, authenticator, revokeManufacturerAccess, ({ actor, params }) =>
    manufacturers.revoke(actor, params.manufacturerId),
  );
}
