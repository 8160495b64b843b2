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
import type { LogisticsService } from './logistics.service';

/** The printing shop's side, mounted in the knife module (/api/knife). */
export function registerOwnerLogisticsRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; logistics: LogisticsService },
) {
  const { authenticator: auth, logistics } = deps;
  registerRoute(app, auth, listPartnerships, ({ actor }) => logistics.partnerships(actor, 'printing'));
  registerRoute(app, auth, invitePartner, ({ actor, body }) =>
    logistics.invite(actor, body.grindingShopClient),
  );
  registerRoute(app, auth, endPartnershipAsOwner, ({ actor, params }) =>
    logistics.end(actor, 'printing', params.id),
  );
  registerRoute(app, auth, listShipments, ({ actor, query }) =>
    logistics.shipments(actor, 'printing', query.page, query.page_size),
  );
  registerRoute(app, auth, shipKnives, ({ actor, body }) =>
    logistics.ship(actor, body.partnershipId, body.rfids),
  );
  registerRoute(app, auth, receiveShipmentBack, ({ actor, params }) =>
    logistics.receiveShipmentBack(actor, params.id),
  );
  registerRoute(app, auth, listRfidConflicts, ({ actor }) => logistics.rfidConflicts(actor, 'printing'));
  registerRoute(app, auth, receiveKnifeBack, ({ actor, params }) =>
    logistics.receiveKnifeBack(actor, params.rfid),
  );
  registerRoute(app, auth, getKnifePassport, ({ actor, params }) =>
    logistics.ownerPassport(actor, params.rfid),
  );
  registerRoute(app, auth, getKnifeForecast, ({ actor, params }) =>
    logistics.ownerForecast(actor, params.rfid),
  );
}

/** The grinding shop's workbench, mounted in the grinding-shop module (/api/grinding-shop). */
export function registerGrinderLogisticsRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; logistics: LogisticsService },
) {
  const { authenticator: auth, logistics } = deps;
  registerRoute(app, auth, listGrinderPartnerships, ({ actor }) => logistics.partnerships(actor, 'grinding'));
  registerRoute(app, auth, acceptPartnership, ({ actor, params }) => logistics.accept(actor, params.id));
  registerRoute(app, auth, endPartnershipAsGrinder, ({ actor, params }) =>
    logistics.end(actor, 'grinding', params.id),
  );
  registerRoute(app, auth, listGrinderInbox, ({ actor }) => logistics.inbox(actor));
  registerRoute(app, auth, listGrinderRfidConflicts, ({ actor }) =>
    logistics.rfidConflicts(actor, 'grinding'),
  );
  registerRoute(app, auth, shipKnivesBack, ({ actor, body }) =>
    logistics.shipBack(actor, body.owner, body.rfids),
  );
  // A knife is its owner and its RFID (issue 31): every workbench call names both.
  registerRoute(app, auth, receiveKnife, ({ actor, params, query }) =>
    logistics.receive(actor, query.owner, params.rfid),
  );
  registerRoute(app, auth, getGrinderKnife, ({ actor, params, query }) =>
    logistics.knife(actor, query.owner, params.rfid),
  );
  registerRoute(app, auth, recordGrindingCycle, ({ actor, params, query, body }) =>
    logistics.recordCycle(actor, query.owner, params.rfid, body),
  );
  registerRoute(app, auth, scrapKnife, ({ actor, params, query }) =>
    logistics.scrap(actor, query.owner, params.rfid),
  );
  registerRoute(app, auth, getGrinderPassport, ({ actor, params, query }) =>
    logistics.grinderPassport(actor, query.owner, params.rfid),
  );
  registerRoute(app, auth, getGrinderForecast, ({ actor, params, query }) =>
    logistics.grinderForecast(actor, query.owner, params.rfid),
  );
}
