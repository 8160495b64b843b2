/**
 * Customer service and manufacturers (product.md §2 "Customer-service admin", "Customer service", product.md §6
 * "manufacturer"; product.md §7 "Customer service" at /api/customer-service). The one module that reads
 * across tenants: through the platform role, limited to the customers of the user's service areas
 * (or of a manufacturer's grants), and audited in the actor's and in every customer's log
 * (docs/decisions/0016-customer-service-access.md). Owns `service_areas`, `service_area_users`,
 * `service_area_customers`, `machine_accesses`, `manufacturers` and `manufacturer_grants` (ADR 0012).
 */

import type { FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { Authenticator } from '../../lib/route';
import { createAuditedAccess } from './audited-access';
import { createCustomerReportService } from './customer-report.service';
import { registerCustomerServiceRoutes } from './customer-service.routes';
import { createCustomersService } from './customers.service';
import { createMachineAccessesService } from './machine-accesses.service';
import { createManufacturersService } from './manufacturers.service';
import { createServiceAreasService } from './service-areas.service';

export { seedDemoCustomerService, seedDemoCustomerSite } from './customer-service.seed';

export function registerCustomerServiceModule(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; transactions: Transactions; hasher: PasswordHasher },
) {
  const { transactions, hasher } = deps;
  const audited = createAuditedAccess(transactions);
  registerCustomerServiceRoutes(app, {
    authenticator: deps.authenticator,
    serviceAreas: createServiceAreasService({ transactions, hasher }),
    customers: createCustomersService({ audited }),
    machineAccesses: createMachineAccessesService({ audited }),
    customerReport: createCustomerReportService({ audited }),
    manufacturers: createManufacturersService({ transactions, audited }),
  });
}
