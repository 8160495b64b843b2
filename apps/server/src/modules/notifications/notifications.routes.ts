import {
  getNotificationPreferences,
  getNotificationSettings,
  listNotifications,
  listReportSubscriptions,
  markAllNotificationsRead,
  markNotificationRead,
  setNotificationPreferences,
  setNotificationSettings,
  subscribeReport,
  unsubscribeReport,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { NotificationsService } from './notifications.service';
import type { ReportMailsService } from './report-mails.service';

export function registerNotificationsRoutes(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    notifications: NotificationsService;
    reportMails: ReportMailsService;
  },
) {
  const { authenticator: auth, notifications, reportMails } = deps;
  registerRoute(app, auth, listNotifications, ({ actor, query }) => notifications.list(actor, query));
  registerRoute(app, auth, markNotificationRead, ({ actor, params }) =>
    notifications.markRead(actor, params.id),
  );
  registerRoute(app, auth, markAllNotificationsRead, ({ actor }) => notifications.markAllRead(actor));
  registerRoute(app, auth, getNotificationPreferences, ({ actor }) => notifications.preferences(actor));
  registerRoute(app, auth, setNotificationPreferences, ({ actor, body }) =>
    notifications.setPreferences(actor, body.emailKinds),
  );
  registerRoute(app, auth, getNotificationSettings, ({ actor }) => notifications.settings(actor));
  registerRoute(app, auth, setNotificationSettings, ({ actor, body }) =>
    notifications.setSettings(actor, body),
  );
  registerRoute(app, auth, listReportSubscriptions, ({ actor }) => reportMails.list(actor));
  registerRoute(app, auth, subscribeReport, ({ actor, params, body }) =>
    reportMails.subscribe(actor, params.frequency, body),
  );
  registerRoute(app, auth, unsubscribeReport, ({ actor, params }) =>
    reportMails.unsubscribe(actor, params.frequency),
  );
}
