/**
 * Knife logistics between companies (issue 13): partnerships of printing and grinding shops,
 * shipments, each knife's stays with a grinding shop (custody), grindings recorded by the grinding
 * shop (through the knife module, which owns knives and grinding cycles), the passport and the
 * remaining-life forecast. Cross-tenant access under row-level security: ADR 0018.
 */

import type { FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import type { Authenticator } from '../../lib/route';
import {
  type LogisticsServices,
  registerGrinderLogisticsRoutes,
  registerOwnerLogisticsRoutes,
} from './logistics.routes';
import { createPartnershipsService } from './partnerships.service';
import { createPassportsService } from './passports.service';
import { createShipmentsService } from './shipments.service';
import { createWorkbenchService } from './workbench.service';

export { seedDemoLogistics } from './logistics.seed';

/** Registers the printing shop's calls (under /api/knife) and the grinding shop's (under /api/grinding-shop). */
export function registerLogisticsModule(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; transactions: Transactions },
) {
  const { transactions } = deps;
  const services: LogisticsServices = {
    partnerships: createPartnershipsService({ transactions }),
    shipments: createShipmentsService({ transactions }),
    workbench: createWorkbenchService({ transactions }),
    passports: createPassportsService({ transactions }),
  };
  registerOwnerLogisticsRoutes(app, { authenticator: deps.authenticator, ...services });
  registerGrinderLogisticsRoutes(app, { authenticator: deps.authenticator, ...services });
}
