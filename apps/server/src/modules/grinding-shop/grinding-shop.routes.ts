import {
  createGrindingEmployee,
  createGrindingMachine,
  createGrindingShop,
  deleteGrindingMachine,
  deleteGrindingShop,
  deleteGrindingShopCuttingMachine,
  getGrindingShop,
  getOwnCurrentLocation,
  listGrindingEmployees,
  listGrindingShopEmployees,
  listGrindingShopMachines,
  listGrindingShops,
  setCurrentLocation,
  setGrindingEmployeeLocations,
  updateGrindingMachine,
  updateGrindingShop,
  updateGrindingShopCuttingMachine,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { EmployeesService } from './employees.service';
import type { GrindingShopsService } from './grinding-shops.service';

/** The grinding-shop admin endpoints of product.md §7 "Grinding-shop server", mounted at /api/grinding-shop. */
export function registerGrindingShopRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; shops: GrindingShopsService; employees: EmployeesService },
) {
  const { authenticator: auth, shops, employees } = deps;

  registerRoute(app, auth, listGrindingShops, ({ actor, query }) => shops.listLocations(actor, query));
  registerRoute(app, auth, createGrindingShop, ({ actor, body }) => shops.createLocation(actor, body));
  registerRoute(app, auth, getGrindingShop, ({ actor, params }) => shops.getLocation(actor, params.id));
  registerRoute(app, auth, updateGrindingShop, ({ actor, params, body }) =>
    shops.updateLocation(actor, params.id, body),
  );
  registerRoute(app, auth, deleteGrindingShop, ({ actor, params }) => shops.deleteLocation(actor, params.id));
  registerRoute(app, auth, listGrindingShopEmployees, ({ actor, params }) =>
    shops.employeesAt(actor, params.id),
  );
  registerRoute(app, auth, listGrindingShopMachines, ({ actor, params }) =>
    shops.machinesAt(actor, params.id),
  );

  registerRoute(app, auth, createGrindingMachine, ({ actor, body }) => shops.createMachine(actor, body));
  for (const route of [updateGrindingMachine, updateGrindingShopCuttingMachine] as const) {
    registerRoute(app, auth, route, ({ actor, params, body }) => shops.updateMachine(actor, params.id, body));
  }
  for (const route of [deleteGrindingMachine, deleteGrindingShopCuttingMachine] as const) {
    registerRoute(app, auth, route, ({ actor, params }) => shops.deleteMachine(actor, params.id));
  }

  registerRoute(app, auth, listGrindingEmployees, ({ actor, query }) =>
    employees.listEmployees(actor, query),
  );
  registerRoute(app, auth, createGrindingEmployee, ({ actor, body }) =>
    employees.createEmployee(actor, body),
  );
  registerRoute(app, auth, setGrindingEmployeeLocations, ({ actor, params, body }) =>
    employees.setLocations(actor, params.id, body.grindingShopIds),
  );
  registerRoute(app, auth, getOwnCurrentLocation, ({ actor }) => employees.ownCurrentLocation(actor));
  registerRoute(app, auth, setCurrentLocation, ({ actor, params, body }) =>
    employees.setCurrentLocation(actor, params.id, body.id),
  );
}
