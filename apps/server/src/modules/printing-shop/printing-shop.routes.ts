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
  getSerialsGroupedByPrintingShop,
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
import type { PrintingShopService } from './printing-shop.service';

/** The printing-shop admin endpoints of spec §7 "Printing-shop server", mounted at /api/printing-shop. */
export function registerPrintingShopRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; printingShops: PrintingShopService },
) {
  const { authenticator: auth, printingShops: service } = deps;

  registerRoute(app, auth, listPrintingShops, ({ actor, query }) => service.listLocations(actor, query));
  registerRoute(app, auth, createPrintingShop, ({ actor, body }) => service.createLocation(actor, body));
  registerRoute(app, auth, listPrintingShopsMinimal, ({ actor, query }) =>
    service.minimalLocations(actor, query.page, query.page_size),
  );
  registerRoute(app, auth, listAssignedPrintingShops, ({ actor }) => service.assignedLocations(actor));
  registerRoute(app, auth, getPrintingShop, ({ actor, params }) => service.getLocation(actor, params.id));
  registerRoute(app, auth, updatePrintingShop, ({ actor, params, body }) =>
    service.updateLocation(actor, params.id, body),
  );
  registerRoute(app, auth, deletePrintingShop, ({ actor, params }) =>
    service.deleteLocation(actor, params.id),
  );
  registerRoute(app, auth, listPrintingShopMachines, ({ actor, params }) =>
    service.machinesAt(actor, params.id),
  );
  registerRoute(app, auth, listPrintingShopEmployees, ({ actor, params }) =>
    service.employeesAt(actor, params.id),
  );
  registerRoute(app, auth, getPrintingShopOptions, ({ actor, params }) =>
    service.configOptions(actor, 'PRINTING_SHOP', params.id),
  );
  registerRoute(app, auth, setUserPrintingShops, ({ actor, params, body }) =>
    service.setUserLocations(actor, params.id, body.printingShopIds),
  );
  registerRoute(app, auth, listEmployees, ({ actor, query }) => service.listEmployees(actor, query));

  registerRoute(app, auth, createCuttingMachine, ({ actor, body }) => service.createMachine(actor, body));
  registerRoute(app, auth, listMachineWidths, ({ actor }) => service.widths(actor));
  registerRoute(app, auth, listUnusedSerialNumbers, ({ actor }) => service.unusedSerials(actor));
  registerRoute(app, auth, getMachinesAdminView, ({ actor }) => service.machinesAdminView(actor));
  registerRoute(app, auth, getSerialsGroupedByPrintingShop, ({ actor, query }) =>
    service.serialsByLocation(actor, query.printingShopIds),
  );
  registerRoute(app, auth, getCuttingMachine, ({ actor, params }) => service.getMachine(actor, params.id));
  registerRoute(app, auth, getCuttingMachineAdminView, ({ actor, params }) =>
    service.getMachineAdminView(actor, params.id),
  );
  registerRoute(app, auth, updateCuttingMachine, ({ actor, params, body }) =>
    service.updateMachine(actor, params.id, body),
  );
  registerRoute(app, auth, deleteCuttingMachine, ({ actor, params }) =>
    service.deleteMachine(actor, params.id),
  );
  registerRoute(app, auth, getCuttingMachineOptions, ({ actor, params }) =>
    service.configOptions(actor, 'MACHINE', params.id),
  );

  registerRoute(app, auth, setConfigOption, ({ actor, params, body }) =>
    service.setConfigOption(actor, params.scope, params.id, body.value),
  );
  registerRoute(app, auth, deleteConfigOption, async ({ actor, params }) => {
    await service.setConfigOption(actor, params.scope, params.id, null);
  });
  registerRoute(app, auth, setConfigOptionBatch, ({ actor, params, body }) =>
    service.setConfigOptionBatch(actor, params.scope, body.objectIds, body.value),
  );

  registerRoute(app, auth, getNetworkAdmin, ({ actor }) => service.getNetworkAdmin(actor));
  registerRoute(app, auth, setNetworkAdmin, ({ actor, body }) => service.setNetworkAdmin(actor, body));
}
