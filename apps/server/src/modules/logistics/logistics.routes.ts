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
  listPartnerships,
  listShipments,
  receiveKnife,
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
  registerRoute(app, auth, shipKnivesBack, ({ actor, body }) => logistics.shipBack(actor, body.rfids));
  registerRoute(app, auth, receiveKnife, ({ actor, params }) => logistics.receive(actor, params.rfid));
  registerRoute(app, auth, getGrinderKnife, ({ actor, params }) => logistics.knife(actor, params.rfid));
  registerRoute(app, auth, recordGrindingCycle, ({ actor, params, body }) =>
    logistics.recordCycle(actor, params.rfid, body),
  );
  registerRoute(app, auth, scrapKnife, ({ actor, params }) => logistics.scrap(actor, params.rfid));
  registerRoute(app, auth, getGrinderPassport, ({ actor, params }) =>
    logistics.grinderPassport(actor, params.rfid),
  );
  registerRoute(app, auth, getGrinderForecast, ({ actor, params }) =>
    logistics.grinderForecast(actor, params.rfid),
  );
}
