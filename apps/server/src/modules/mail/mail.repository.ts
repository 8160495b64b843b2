import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export interface OutgoingMail {
  /** what the mail is about, e.g. `contact-request`, `registration-confirmation` */
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  replyTo?: string | null;
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
