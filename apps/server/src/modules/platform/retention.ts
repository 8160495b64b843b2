import { deleteOldAuditRecords } from '../../db/audit.repository';
import type { PlatformActor, Transactions } from '../../db/transactions';
import type { JobDefinition } from '../../lib/scheduler';
import { deleteEndedSessions, deleteStaleThrottles } from '../auth/index';
import { deleteOldMails } from '../mail/index';
import { deleteExpiredCaptchas } from '../registration/index';

const DAY_MS = 24 * 60 * 60 * 1000;
/** rows per statement and transaction: short transactions, no long lock on a busy table */
export const RETENTION_BATCH = 1000;
const SYSTEM: PlatformActor = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null };

export interface RetentionLimits {
  /** audit entries, login throttles: product.md §9 "log files deleted after 30 days at most" */
  auditDays: number;
  /** delivered (or given-up) outbox mail */
  mailDays: number;
  /** sessions and their refresh tokens, counted from when they expired or were revoked */
  sessionDays: number;
}

/**
 * Log retention (product.md §9): deletes audit entries, stale login throttles, spent captchas, old
 * delivered mail and sessions (with their refresh tokens) that ended longer ago than their limit, in batches of `RETENTION_BATCH`, each batch its own short transaction, until a batch
 * comes back short. Each module's rows are deleted through the function its owner exports (ADR 0012);
 * audit entries and mail through the platform role, whose every transaction is itself audited, and
 * which row-level security keeps from deleting audit entries younger than a day (migration 0035).
 */
export function retentionJob(deps: {
  transactions: Transactions;
  limits: RetentionLimits;
  everyMs: number;
  /** the clock (tests move it) */
  now?: () => number;
}): JobDefinition {
  const { transactions, limits } = deps;
  const now = deps.now ?? Date.now;
  return {
    name: 'log-retention',
    everyMs: deps.everyMs,
    firstRunAfterMs: 60_000,
    async run({ signal }) {
      const auditBefore = new Date(now() - limits.auditDays * DAY_MS);
      const mailBefore = new Date(now() - limits.mailDays * DAY_MS);
      const sessionBefore = new Date(now() - limits.sessionDays * DAY_MS);
      const drain = async (batch: () => Promise<number>) => {
        let total = 0;
        for (;;) {
          if (signal.aborted) return total;
          const deleted = await batch();
          total += deleted;
          if (deleted < RETENTION_BATCH) return total;
        }
      };
      const audit = await drain(() =>
        transactions.withPlatform(
          { actor: SYSTEM, action: 'retention.audit', details: { before: auditBefore.toISOString() } },
          (tx) => deleteOldAuditRecords(tx, auditBefore, RETENTION_BATCH),
        ),
      );
      const mails = await drain(() =>
        transactions.withPlatform(
          { actor: SYSTEM, action: 'retention.mail', details: { before: mailBefore.toISOString() } },
          (tx) => deleteOldMails(tx, mailBefore, RETENTION_BATCH),
        ),
      );
      const throttles = await drain(() =>
        transactions.withSignIn((tx) => deleteStaleThrottles(tx, auditBefore, RETENTION_BATCH)),
      );
      const captchas = await drain(() =>
        transactions.withSignIn((tx) => deleteExpiredCaptchas(tx, RETENTION_BATCH)),
      );
      const sessions = await drain(() =>
        transactions.withPlatform(
          { actor: SYSTEM, action: 'retention.sessions', details: { before: sessionBefore.toISOString() } },
          (tx) => deleteEndedSessions(tx, sessionBefore, RETENTION_BATCH),
        ),
      );
      return `deleted ${audit} audit entries, ${mails} mails, ${throttles} login throttles, ${captchas} captchas, ${sessions} sessions`;
    },
  };
}
