/**
 * Notifications and scheduled report e-mails (issue 18; docs/architecture.md "Notifications").
 * Owns `notifications`, `notification_preferences`, `notification_settings` and
 * `report_subscriptions` (ADR 0012). The `notifications` job turns knives at SWAP_REQUIRED,
 * machines offline during a shift and long interruptions into one notification per admin / manager
 * concerned (live event NOTIFICATION, e-mail for those who opted in); the `report-mails` job sends
 * the subscribed daily / weekly report CSVs through the mail outbox.
 */

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import type { Authenticator } from '../../lib/route';
import type { Scheduler } from '../../lib/scheduler';
import type { LivePublisher } from '../../live/live-event';
import { createReportService } from '../report/index';
import { registerNotificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import { createReportMailsService } from './report-mails.service';

export { duePeriod, inShift } from './local-time';
export { seedDemoNotifications } from './notifications.seed';

export function registerNotificationsModule(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    transactions: Transactions;
    live: LivePublisher;
    scheduler: Scheduler;
    log: FastifyBaseLogger;
    deliverMail: () => void;
    notificationsIntervalMs: number;
    reportMailsIntervalMs: number;
  },
) {
  const notifications = createNotificationsService({
    transactions: deps.transactions,
    live: deps.live,
    log: deps.log,
    deliverMail: deps.deliverMail,
  });
  const reportMails = createReportMailsService({
    transactions: deps.transactions,
    reports: createReportService({ transactions: deps.transactions }),
    deliverMail: deps.deliverMail,
  });
  registerNotificationsRoutes(app, { authenticator: deps.authenticator, notifications, reportMails });
  deps.scheduler.register({
    name: 'notifications',
    everyMs: deps.notificationsIntervalMs,
    run: ({ signal }) => notifications.run({ signal }),
  });
  deps.scheduler.register({
    name: 'report-mails',
    everyMs: deps.reportMailsIntervalMs,
    run: ({ signal }) => reportMails.run({ signal }),
  });
  return { notifications, reportMails };
}
export type Notifications = ReturnType<typeof registerNotificationsModule>;
