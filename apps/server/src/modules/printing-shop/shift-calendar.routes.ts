import { getPlannedProductionTime, getShiftCalendar, replaceShiftCalendar } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { ShiftCalendarService } from './shift-calendar.service';

/** A location's shift calendar and its planned production time (issue 36), additions under /api/printing-shop. */
export function registerShiftCalendarRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; calendars: ShiftCalendarService },
) {
  const { authenticator, calendars } = deps;
  registerRoute(app, authenticator, getShiftCalendar, ({ actor, params }) => calendars.get(actor, params.id));
  registerRoute(app, authenticator, replaceShiftCalendar, ({ actor, params, body }) =>
    calendars.replace(actor, params.id, body),
  );
  registerRoute(app, authenticator, getPlannedProductionTime, ({ actor, params, query }) =>
    calendars.plannedTime(actor, params.id, query),
  );
}
