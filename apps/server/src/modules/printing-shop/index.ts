/**
 * Printing-shop administration (product.md §2 "Printing-shop admin", §7 "Printing-shop server"), at
 * /api/printing-shop. Owns `locations`, `user_locations`, `machine_licences`, `works_council_settings`, `teams`, `team_members`
 * and the shift calendars (`location_calendars`, `location_shifts`, `location_shift_breaks`, `location_holidays`; ADR 0012; the grinding-shop module
 * writes its locations and their employees through the functions exported here); machines,
 * knives and the tenant's network admin are written through the modules that own them.
 */

import type { FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import type { Authenticator } from '../../lib/route';
import type { MachineChangeSink } from '../../live/machine-change';
import { createConfigOptionsService } from './config-options.service';
import { createCuttingMachinesService } from './cutting-machines.service';
import { createEmployeesService } from './employees.service';
import { createLicensingService } from './licensing.service';
import { createLocationsService } from './locations.service';
import { createNetworkAdminService } from './network-admin.service';
import { registerPrintingShopRoutes } from './printing-shop.routes';
import { registerShiftCalendarRoutes } from './shift-calendar.routes';
import { createShiftCalendarService } from './shift-calendar.service';
import { registerTeamRoutes } from './teams.routes';
import { createTeamsService } from './teams.service';
import { registerWorksCouncilRoutes } from './works-council.routes';
import { createWorksCouncilService } from './works-council.service';

export {
  listEmployees as listLocationEmployees,
  locationIdsOf,
  removeEmployeesFrom,
  replaceUserLocations,
} from './employees.repository';
export { insertOrderedLicence } from './licences.repository';
export {
  deleteLocation,
  insertLocation,
  type LocationValues,
  lockLocation,
  updateLocation,
} from './locations.repository';
export { seedDemoAdministration, seedDemoLocations, seedDemoTeams } from './printing-shop.seed';
export { reportEmployee, visibleLocationIds } from './report-scope';
export { readShiftCalendars } from './shift-calendar.reader';
export { seedDemoShiftCalendars } from './shift-calendar.seed';
export { reportTeams } from './teams.repository';
export { worksCouncilForm } from './works-council.repository';

/** Locations, employees, cutting machines, licensing, config options and network admin. */
export function registerPrintingShopModule(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; transactions: Transactions; changes?: MachineChangeSink },
) {
  const { transactions } = deps;
  registerPrintingShopRoutes(app, {
    authenticator: deps.authenticator,
    locations: createLocationsService({ transactions }),
    employees: createEmployeesService({ transactions }),
    machines: createCuttingMachinesService({ transactions, changes: deps.changes }),
    licensing: createLicensingService({ transactions }),
    configOptions: createConfigOptionsService({ transactions, changes: deps.changes }),
    networkAdmin: createNetworkAdminService({ transactions }),
  });
  registerWorksCouncilRoutes(app, {
    authenticator: deps.authenticator,
    worksCouncil: createWorksCouncilService({ transactions }),
  });
  registerTeamRoutes(app, { authenticator: deps.authenticator, teams: createTeamsService({ transactions }) });
  registerShiftCalendarRoutes(app, {
    authenticator: deps.authenticator,
    calendars: createShiftCalendarService({ transactions }),
  });
}
