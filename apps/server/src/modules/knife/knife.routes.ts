import {
  createKnife,
  exportKnifeComparisonCsv,
  exportKnivesCsv,
  getKnife,
  getKnivesGroupedByPrintingShop,
  getKnivesManagerView,
  listGrindingCycles,
  listKnifeEvents,
  listKnives,
  listKnivesMinimal,
  updateKnife,
} from '@kerf/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { csvFileName } from '../../lib/csv';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { KnivesService } from './knives.service';

/** A CSV download: the browser saves it under this name (docs/exports.md "File names"). */
function asCsv(reply: FastifyReply, name: string) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(name)}"`)
    .header('cache-control', 'no-store');
}

/** The knife server of product.md §7, mounted at /api/knife. */
export function registerKnifeRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; knives: KnivesService },
) {
  const { authenticator: auth, knives } = deps;

  registerRoute(app, auth, listKnives, ({ actor, query }) => knives.list(actor, query));
  registerRoute(app, auth, createKnife, ({ actor, body }) => knives.create(actor, body));
  registerRoute(app, auth, getKnivesManagerView, ({ actor }) => knives.managerView(actor));
  registerRoute(app, auth, getKnivesGroupedByPrintingShop, ({ actor, query }) =>
    knives.groupedByLocation(actor, query.printingShopIds),
  );
  registerRoute(app, auth, listKnivesMinimal, ({ actor, query }) =>
    knives.minimal(actor, query.page, query.page_size),
  );
  // Streams are sent as they are; the CSV schema only documents the answer.
  registerRoute(app, auth, exportKnivesCsv, async ({ actor, query, reply }) => {
    asCsv(reply, await knives.exportName(actor, 'knives', query.timeZone));
    return knives.exportList(actor, query) as unknown as string;
  });
  registerRoute(app, auth, exportKnifeComparisonCsv, async ({ actor, query, reply }) => {
    const stream = await knives.exportComparison(actor, query);
    asCsv(reply, await knives.exportName(actor, 'knife-comparison', query.timeZone));
    return stream as unknown as string;
  });
  registerRoute(app, auth, getKnife, ({ actor, params }) => knives.details(actor, params.rfid));
  registerRoute(app, auth, updateKnife, ({ actor, params, body }) => knives.update(actor, params.rfid, body));
  registerRoute(app, auth, listGrindingCycles, ({ actor, params }) =>
    knives.grindingCycles(actor, params.rfid),
  );
  registerRoute(app, auth, listKnifeEvents, ({ actor, params, query }) =>
    knives.events(actor, params.rfid, query.page, query.page_size),
  );
}
