import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { type MailAttachment, mailOutbox } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';
import { containsPattern } from '../../lib/like';

export interface OutgoingMail {
  /** what the mail is about, e.g. `contact-request`, `registration-confirmation` */
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  replyTo?: string | null;
  /** files sent with it (a scheduled report's CSV), kept in the outbox with the mail */
  attachments?: MailAttachment[];
  /** when it was queued, if not now (demo history) */
  createdAt?: Date;
}

/**
 * Queues a mail in the caller's transaction (a tenant's or the platform's), so it exists exactly when
 * what caused it was committed. No RETURNING: the tenant role may insert but not read the outbox.
 */
export async function queueMail(tx: Tx, mail: OutgoingMail) {
  await tx.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.recipient,
    subject: mail.subject,
    body: mail.body,
    replyTo: mail.replyTo ?? null,
    attachments: mail.attachments && mail.attachments.length > 0 ? mail.attachments : null,
    ...(mail.createdAt ? { createdAt: mail.createdAt } : {}),
  });
}

/** Unsent mails, oldest first, that have not failed too often (platform role). */
export async function listUnsentMails(tx: Tx, limit: number, maxAttempts: number) {
  return tx
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, maxAttempts)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit);
}

export async function markMailSent(tx: Tx, id: string) {
  await tx
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(tx: Tx, id: string, error: string) {
  await tx
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(mailOutbox.id, id));
}

const MAIL_FAILED_AFTER = 5;

/** PENDING until sent; FAILED once the sender gave up (five attempts). */
export function mailState(row: { sentAt: Date | null; attempts: number }): 'PENDING' | 'SENT' | 'FAILED' {
  if (row.sentAt) return 'SENT';
  return row.attempts >= MAIL_FAILED_AFTER ? 'FAILED' : 'PENDING';
}

/** The outbox for the system admin, newest first (platform role). */
export async function listOutbox(
  tx: Tx,
  filter: { state?: 'PENDING' | 'SENT' | 'FAILED'; search?: string; page: number; pageSize: number },
) {
  const conditions = [];
  if (filter.state === 'SENT') conditions.push(isNotNull(mailOutbox.sentAt));
  if (filter.state === 'PENDING')
    conditions.push(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAIL_FAILED_AFTER)));
  if (filter.state === 'FAILED')
    conditions.push(and(isNull(mailOutbox.sentAt), gte(mailOutbox.attempts, MAIL_FAILED_AFTER)));
  if (filter.search) {
    const term = containsPattern(filter.search);
    conditions.push(or(ilike(mailOutbox.recipient, term), ilike(mailOutbox.subject, term)));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await tx
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(filter.pageSize)
    .offset(filter.page * filter.pageSize);
  const [total] = await tx.select({ value: count() }).from(mailOutbox).where(where);
  return { items: rows, total: Number(total?.value ?? 0) };
}

export async function findMail(tx: Tx, id: string) {
  const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** Queues a copy of a mail (the original keeps its record); answers the copy. */
export async function requeueMail(tx: Tx, id: string) {
  const original = await findMail(tx, id);
  if (!original) return null;
  const [copy] = await tx
    .insert(mailOutbox)
    .values({
      kind: original.kind,
      recipient: original.recipient,
      subject: original.subject,
      body: original.body,
      replyTo: original.replyTo,
      attachments: original.attachments,
    })
    .returning();
  return copy ?? null;
}

/** Retention: delivered (or given-up) mail created before `before`, at most `limit` rows; answers how many. */
export async function deleteOldMails(tx: Tx, before: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`DELETE FROM mail_outbox WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE created_at < ${before.toISOString()} AND (sent_at IS NOT NULL OR attempts >= ${MAIL_FAILED_AFTER})
      LIMIT ${limit}) RETURNING id`,
  );
  return rows.length;
}
