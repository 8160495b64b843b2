import {
  closeOrder,
  createOrder,
  createPartialJob,
  deleteOrder,
  endPartialJobNow,
  importOrders,
  importOrdersCsv,
  isPartialJobNameEditingAllowed,
  listMachineOrders,
  renamePartialJob,
  startOrder,
  updateOrder,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { OrderImportService } from './order-import.service';
import type { OrdersService } from './orders.service';

/**
 * Orders of the operator terminal (additions under `/api/printing-shop`) and the partial jobs of
 * the report server (product.md §7, `/api/report`).
 */
export function registerOrderRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; orders: OrdersService; orderImport: OrderImportService },
) {
  const { authenticator, orders, orderImport } = deps;
  registerRoute(app, authenticator, listMachineOrders, ({ actor, params, query }) =>
    orders.list(actor, params.id, query.limit),
  );
  registerRoute(app, authenticator, createOrder, async ({ actor, body, reply }) => {
    const { order, created } = await orders.create(actor, body);
    reply.code(created ? 201 : 200);
    return order;
  });
  registerRoute(app, authenticator, updateOrder, ({ actor, params, body }) =>
    orders.update(actor, params.id, body),
  );
  registerRoute(app, authenticator, closeOrder, ({ actor, params, body }) =>
    orders.close(actor, params.id, body ?? undefined),
  );
  registerRoute(app, authenticator, startOrder, ({ actor, params, body }) =>
    orders.start(actor, params.id, body?.at),
  );
  registerRoute(app, authenticator, importOrders, ({ actor, body }) =>
    orderImport.importOrders(actor, body.orders),
  );
  registerRoute(app, authenticator, importOrdersCsv, ({ actor, body }) =>
    orderImport.importCsv(actor, body.csv),
  );
  registerRoute(app, authenticator, deleteOrder, ({ actor, params }) => orders.remove(actor, params.id));
  registerRoute(app, authenticator, createPartialJob, ({ actor, body }) =>
    orders.createPartialJob(actor, body),
  );
  registerRoute(app, authenticator, isPartialJobNameEditingAllowed, async ({ actor, params }) => ({
    allowed: await orders.isNameEditingAllowed(actor, params.id),
  }));
  registerRoute(app, authenticator, renamePartialJob, ({ actor, params, body }) =>
    orders.renamePartialJob(actor, params.id, body.value),
  );
  registerRoute(app, authenticator, endPartialJobNow, ({ actor, params }) =>
    orders.endPartialJobNow(actor, params.id),
  );
}
