import {
  type Language,
  REPORT_MAIL_HOUR,
  type ReportMailFrequency,
  type ReportSubscription,
  type SubscribeReport,
} from '@kerf/contracts';
import type { PlatformActor, Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { csvFileName } from '../../lib/csv';
import { tenantSlug } from '../../lib/csv-export';
import { queueMail } from '../mail/index';
import { type ReportService, reportCsvFile } from '../report/index';
import { addDays, duePeriod } from './local-time';
import { fill, mailTexts } from './mail-texts';
import {
  deleteSubscription,
  dueSubscriptionCandidates,
  listSubscriptions,
  markSubscriptionSent,
  printingShopTenants,
  upsertSubscription,
} from './notifications.repository';

const SYSTEM: PlatformActor = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null };

type SubscriptionRow = Awaited<ReturnType<typeof listSubscriptions>>[number];
const toSubscription = (row: SubscriptionRow): ReportSubscription => ({
  frequency: row.frequency as ReportMailFrequency,
  timeZone: row.timeZone,
  language: row.language as Language,
  createdAt: row.createdAt.toISOString(),
  lastPeriodStart: row.lastPeriodStart,
  lastSentAt: row.lastSentAt ? row.lastSentAt.toISOString() : null,
});

/**
 * Scheduled report e-mails: a manager subscribes to DAILY (the previous local day) or WEEKLY (the
 * previous Monday–Sunday); from 06:00 local time the `report-mails` job mails the latest period not
 * mailed yet, with the four report sections as one CSV attachment, in the subscriber's language.
 */
export function createReportMailsService(deps: {
  transactions: Transactions;
  reports: ReportService;
  deliverMail: () => void;
}) {
  const { transactions, reports } = deps;
  return {
    async list(actor: Actor): Promise<ReportSubscription[]> {
      const rows = await transactions.withTenant(actor.tenantId, (tx) => listSubscriptions(tx, actor.userId));
      return rows.map(toSubscription);
    },

    async subscribe(actor: Actor, frequency: ReportMailFrequency, input: SubscribeReport) {
      const row = await transactions.withTenant(actor.tenantId, (tx) =>
        upsertSubscription(tx, {
          tenantId: actor.tenantId,
          userId: actor.userId,
          frequency,
          timeZone: input.timeZone,
          language: input.language,
        }),
      );
      return toSubscription(row);
    },

    async unsubscribe(actor: Actor, frequency: ReportMailFrequency) {
      await transactions.withTenant(actor.tenantId, (tx) => deleteSubscription(tx, actor.userId, frequency));
    },

    /** One run of the `report-mails` job; answers what it did. */
    async run(options: { now?: Date; signal?: AbortSignal } = {}): Promise<string> {
      const now = options.now ?? new Date();
      const tenants = await transactions.withPlatform(
        { actor: SYSTEM, action: 'report-mails.tenants.read' },
        (tx) => printingShopTenants(tx),
      );
      let sent = 0;
      for (const tenantId of tenants) {
        if (options.signal?.aborted) break;
        const candidates = await transactions.withTenant(tenantId, (tx) => dueSubscriptionCandidates(tx));
        for (const subscription of candidates) {
          const period = duePeriod(subscription.frequency, subscription.timeZone, now, REPORT_MAIL_HOUR);
          if (subscription.lastPeriodStart !== null && subscription.lastPeriodStart >= period.firstDay)
            continue;
          const actor: Actor = {
            tenantId,
            tenantKind: 'PRINTING_SHOP',
            userId: subscription.userId,
            sessionId: '',
            role: 'PRINTING_SHOP_MANAGER',
            ip: '',
          };
          const language = subscription.language as Language;
          const csv = await reportCsvFile(
            reports,
            actor,
            {
              startDate: period.start.toISOString(),
              endDate: period.end.toISOString(),
              timeZone: subscription.timeZone,
            },
            language,
          );
          const lastDay = addDays(period.firstDay, subscription.frequency === 'DAILY' ? 0 : 6);
          const label = lastDay === period.firstDay ? period.firstDay : `${period.firstDay} – ${lastDay}`;
          const texts = mailTexts(language);
          await transactions.withTenant(tenantId, async (tx) => {
            // the export, the tenant and the period (docs/exports.md "File names")
            const range = lastDay === period.firstDay ? period.firstDay : `${period.firstDay}--${lastDay}`;
            const frequency = subscription.frequency.toLowerCase();
            const filename = csvFileName(`report-${frequency}-${await tenantSlug(tx, tenantId)}-${range}`);
            await queueMail(tx, {
              kind: `report-${subscription.frequency.toLowerCase()}`,
              recipient: subscription.email,
              subject: fill(texts.reportSubject[subscription.frequency], { period: label }),
              body: `${fill(texts.reportBody, { period: label })}\n`,
              attachments: [
                {
                  filename,
                  contentType: 'text/csv; charset=utf-8',
                  content: csv,
                },
              ],
            });
            await markSubscriptionSent(tx, subscription.userId, subscription.frequency, period.firstDay);
          });
          sent += 1;
        }
      }
      if (sent > 0) deps.deliverMail();
      return `${sent} report e-mails`;
    },
  };
}
export type ReportMailsService = ReturnType<typeof createReportMailsService>;
