import {
  acceptPartnership,
  endPartnershipAsGrinder,
  endPartnershipAsOwner,
  getGrinderForecast,
  getGrinderKnife,
  getGrinderPassport,
  getKnifeForecast,
  getKnifePassport,
  invitePartner,
  listGrinderInbox,
  listGrinderPartnerships,
  listGrinderRfidConflicts,
  listPartnerships,
  listRfidConflicts,
  listShipments,
  receiveKnife,
  receiveKnifeBack,
  receiveShipmentBack,
  recordGrindingCycle,
  scrapKnife,
  shipKnives,
  shipKnivesBack,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { PartnershipsService } from './partnerships.service';
import type { PassportsService } from './passports.service';
import type { ShipmentsService } from './shipments.service';
import type { WorkbenchService } from './workbench.service';

/** The services of knife logistics, one per concern. */
export interface LogisticsServices {
  partnerships: PartnershipsService;
  shipments: ShipmentsService;
  workbench: WorkbenchService;
  passports: PassportsService;
}

/** The printing shop's side, mounted in the knife module (/api/knife). */
export function registerOwnerLogisticsRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator } & Omit<LogisticsServices, 'workbench'>,
) {
  const { authenticator: auth, partnerships, shipments, passports } = deps;
  registerRoute(app, auth, listPartnerships, ({ actor }) => partnerships.partnerships(actor, 'printing'));
  registerRoute(app, auth, invitePartner, ({ actor, body }) =>
    partnerships.invite(actor, body.grindingShopClient),
  );
  registerRoute(app, auth, endPartnershipAsOwner, ({ actor, params }) =>
    partnerships.end(actor, 'printing', params.id),
  );
  registerRoute(app, auth, listShipments, ({ actor, query }) =>
    shipments.shipments(actor, 'printing', query.page, query.page_size),
  );
  registerRoute(app, auth, shipKnives, ({ actor, body }) =>
    shipments.ship(actor, body.partnershipId, body.rfids),
  );
  registerRoute(app, auth, receiveShipmentBack, ({ actor, params }) =>
    shipments.receiveShipmentBack(actor, params.id),
  );
  registerRoute(app, auth, listRfidConflicts, ({ actor }) => shipments.rfidConflicts(actor, 'printing'));
  registerRoute(app, auth, receiveKnifeBack, ({ actor, params }) =>
    shipments.receiveKnifeBack(actor, params.rfid),
  );
  registerRoute(app, auth, getKnifePassport, ({ actor, params }) =>
    passports.ownerPassport(actor, params.rfid),
  );
  registerRoute(app, auth, getKnifeForecast, ({ actor, params }) =>
    passports.ownerForecast(actor, params.rfid),
  );
}

/** The grinding shop's workbench, mounted in the grinding-shop module (/api/grinding-shop). */
export function registerGrinderLogisticsRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator } & LogisticsServices,
) {
  const { authenticator: auth, partnerships, shipments, workbench, passports } = deps;
  registerRoute(app, auth, listGrinderPartnerships, ({ actor }) =>
    partnerships.partnerships(actor, 'grinding'),
  );
  registerRoute(app, auth, acceptPartnership, ({ actor, params }) => partnerships.accept(actor, params.id));
  registerRoute(app, auth, endPartnershipAsGrinder, ({ actor, params }) =>
    partnerships.end(actor, 'grinding', params.id),
  );
  registerRoute(app, auth, listGrinderInbox, ({ actor }) => workbench.inbox(actor));
  registerRoute(app, auth, listGrinderRfidConflicts, ({ actor }) =>
    shipments.rfidConflicts(actor, 'grinding'),
  );
  registerRoute(app, auth, shipKnivesBack, ({ actor, body }) =>
    shipments.shipBack(actor, body.owner, body.rfids),
  );
  // A knife is its owner and its RFID (issue 31): every workbench call names both.
  registerRoute(app, auth, receiveKnife, ({ actor, params, query }) =>
    workbench.receive(actor, query.owner, params.rfid),
  );
  registerRoute(app, auth, getGrinderKnife, ({ actor, params, query }) =>
    workbench.knife(actor, query.owner, params.rfid),
  );
  registerRoute(app, auth, recordGrindingCycle, ({ actor, params, query, body }) =>
    workbench.recordCycle(actor, query.owner, params.rfid, body),
  );
  registerRoute(app, auth, scrapKnife, ({ actor, params, query }) =>
    workbench.scrap(actor, query.owner, params.rfid),
  );
  registerRoute(app, auth, getGrinderPassport, ({ actor, params, query }) =>
    passports.grinderPassport(actor, query.owner, params.rfid),
  );
  registerRoute(app, auth, getGrinderForecast, ({ actor, params, query }) =>
    passports.grinderForecast(actor, query.owner, params.rfid),
  );
}
