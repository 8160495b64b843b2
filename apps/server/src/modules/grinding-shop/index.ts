/**
 * Grinding-shop administration (product.md §2 "Grinding-shop admin", §7 "Grinding-shop server"), at
 * /api/grinding-shop. Owns `grinding_machines` and `current_locations` (ADR 0012); the shop's
 * locations and employees are `locations`, `user_locations` and `users` rows of the grinding-shop
 * tenant, written through the printing-shop and auth modules.
 */

import type { FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { Authenticator } from '../../lib/route';
import { createEmployeesService } from './employees.service';
import { registerGrindingShopRoutes } from './grinding-shop.routes';
import { createGrindingShopsService } from './grinding-shops.service';

export { requireCurrentLocation } from './employees.service';
export { seedDemoGrindingShop } from './grinding-shop.seed';

/** Locations, grinding machines and employees of a grinding shop. */
export function registerGrindingShopModule(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; transactions: Transactions; hasher: PasswordHasher },
) {
  const { transactions, hasher } = deps;
  registerGrindingShopRoutes(app, {
    authenticator: deps.authenticator,
    shops: createGrindingShopsService({ transactions }),
    employees: createEmployeesService({ transactions, hasher }),
  });
}
