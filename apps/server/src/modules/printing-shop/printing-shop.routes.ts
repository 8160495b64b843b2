import {
  createCuttingMachine,
  createPrintingShop,
  deleteConfigOption,
  deleteCuttingMachine,
  deletePrintingShop,
  getCuttingMachine,
  getCuttingMachineAdminView,
  getCuttingMachineOptions,
  getMachinesAdminView,
  getNetworkAdmin,
  getPrintingShop,
  getPrintingShopOptions,
  getReportsUserView,
  getSerialsGroupedByPrintingShop,
  licenseCuttingMachine,
  listAssignedPrintingShops,
  listEmployees,
  listMachineWidths,
  listPrintingShopEmployees,
  listPrintingShopMachines,
  listPrintingShops,
  listPrintingShopsMinimal,
  listUnusedSerialNumbers,
  setConfigOption,
  setConfigOptionBatch,
  setNetworkAdmin,
  setUserPrintingShops,
  updateCuttingMachine,
  updatePrintingShop,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { ConfigOptionsService } from './config-options.service';
import type { CuttingMachinesService } from './cutting-machines.service';
import type { EmployeesService } from './employees.service';
import type { LicensingService } from './licensing.service';
import type { LocationsService } from './locations.service';
import type { NetworkAdminService } from './network-admin.service';

/** The printing-shop admin endpoints of product.md §7 "Printing-shop server", mounted at /api/printing-shop. */
export function registerPrintingShopRoutes(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    locations: LocationsService;
    employees: EmployeesService;
    machines: CuttingMachinesService;
    licensing: LicensingService;
    configOptions: ConfigOptionsService;
    networkAdmin: NetworkAdminService;
  },
) {
  const {
    authenticator: auth,
    locations,
    employees,
    machines,
    licensing,
    configOptions,
    networkAdmin,
  } = deps;

  registerRoute(app, auth, listPrintingShops, ({ actor, query }) => locations.listLocations(actor, query));
  registerRoute(app, auth, createPrintingShop, ({ actor, body }) => locations.createLocation(actor, body));
  registerRoute(app, auth, listPrintingShopsMinimal, ({ actor, query }) =>
    locations.minimalLocations(actor, query.page, query.page_size),
  );
  registerRoute(app, auth, listAssignedPrintingShops, ({ actor }) => locations.assignedLocations(actor));
  registerRoute(app, auth, getPrintingShop, ({ actor, params }) => locations.getLocation(actor, params.id));
  registerRoute(app, auth, updatePrintingShop, ({ actor, params, body }) =>
    locations.updateLocation(actor, params.id, body),
  );
  registerRoute(app, auth, deletePrintingShop, ({ actor, params }) =>
    locations.deleteLocation(actor, params.id),
  );
  registerRoute(app, auth, listPrintingShopMachines, ({ actor, params }) =>
    locations.machinesAt(actor, params.id),
  );
  registerRoute(app, auth, listPrintingShopEmployees, ({ actor, params }) =>
    locations.employeesAt(actor, params.id),
  );
  registerRoute(app, auth, getPrintingShopOptions, ({ actor, params }) =>
    configOptions.configOptions(actor, 'PRINTING_SHOP', params.id),
  );
  registerRoute(app, auth, setUserPrintingShops, ({ actor, params, body }) =>
    employees.setUserLocations(actor, params.id, body.printingShopIds),
  );
  registerRoute(app, auth, listEmployees, ({ actor, query }) => employees.listEmployees(actor, query));
  registerRoute(app, auth, getReportsUserView, ({ actor, query }) =>
    employees.reportUserView(actor, query.locations),
  );

  registerRoute(app, auth, createCuttingMachine, ({ actor, body }) => machines.createMachine(actor, body));
  registerRoute(app, auth, listMachineWidths, ({ actor }) => machines.widths(actor));
  registerRoute(app, auth, listUnusedSerialNumbers, ({ actor }) => licensing.unusedSerials(actor));
  registerRoute(app, auth, getMachinesAdminView, ({ actor, query }) =>
    licensing.machinesAdminView(actor, query.timeZone),
  );
  registerRoute(app, auth, licenseCuttingMachine, ({ actor, params, body }) =>
    licensing.licenseMachine(actor, params.id, body.licenceId),
  );
  registerRoute(app, auth, getSerialsGroupedByPrintingShop, ({ actor, query }) =>
    machines.serialsByLocation(actor, query.printingShopIds),
  );
  registerRoute(app, auth, getCuttingMachine, ({ actor, params }) => machines.getMachine(actor, params.id));
  registerRoute(app, auth, getCuttingMachineAdminView, ({ actor, params, query }) =>
    machines.getMachineAdminView(actor, params.id, query.timeZone),
  );
  registerRoute(app, auth, updateCuttingMachine, ({ actor, params, body }) =>
    machines.updateMachine(actor, params.id, body),
  );
  registerRoute(app, auth, deleteCuttingMachine, ({ actor, params }) =>
    machines.deleteMachine(actor, params.id),
  );
  registerRoute(app, auth, getCuttingMachineOptions, ({ actor, params }) =>
    configOptions.configOptions(actor, 'MACHINE', params.id),
  );

  registerRoute(app, auth, setConfigOption, ({ actor, params, body }) =>
    configOptions.setConfigOption(actor, params.scope, params.type, params.id, body.value),
  );
  registerRoute(app, auth, deleteConfigOption, async ({ actor, params }) => {
    await configOptions.setConfigOption(actor, params.scope, params.type, params.id, null);
  });
  registerRoute(app, auth, setConfigOptionBatch, ({ actor, params, body }) =>
    configOptions.setConfigOptionBatch(actor, params.scope, params.type, body.objectIds, body.value),
  );

  registerRoute(app, auth, getNetworkAdmin, ({ actor }) => networkAdmin.getNetworkAdmin(actor));
  registerRoute(app, auth, setNetworkAdmin, ({ actor, body }) => networkAdmin.setNetworkAdmin(actor, body));
}
