import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { PlatformActor, Transactions } from '../../db/transactions';
import { listUnsentMails, markMailFailed, markMailSent } from './mail.repository';

const MAX_ATTEMPTS = 5;
const BATCH = 20;
const SYSTEM: PlatformActor = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null };

export interface MailSender {
  /** Sends what the outbox holds when SMTP_URL is set; without it the mails stay in the outbox. */
  deliverPending(): Promise<number>;
  readonly isConfigured: boolean;
}

/**
 * Delivery of the outbox by nodemailer over SMTP_URL. Delivery runs after the commit that queued a
 * mail (never inside it), one mail at a time; a failed mail is retried on the next run, at most
 * five times, with its last error kept for the system admins.
 */
export function createMailSender(deps: {
  smtpUrl: string | undefined;
  from: string;
  transactions: Transactions;
  log: FastifyBaseLogger;
}): MailSender {
  const { smtpUrl, transactions, log } = deps;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let running: Promise<number> | null = null;

  async function run(): Promise<number> {
    if (!transport) return 0;
    const mails = await transactions.withPlatform({ actor: SYSTEM, action: 'mail.outbox.read' }, (tx) =>
      listUnsentMails(tx, BATCH, MAX_ATTEMPTS),
    );
    let sent = 0;
    for (const mail of mails) {
      try {
        await transport.sendMail({
          from: deps.from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.body,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.attachments
            ? {
                attachments: mail.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: file.content,
                })),
              }
            : {}),
        });
        await transactions.withPlatform({ actor: SYSTEM, action: 'mail.outbox.sent' }, (tx) =>
          markMailSent(tx, mail.id),
        );
        sent += 1;
      } catch (error) {
        log.warn({ err: error, mailId: mail.id }, 'mail delivery failed');
        await transactions.withPlatform({ actor: SYSTEM, action: 'mail.outbox.failed' }, (tx) =>
          markMailFailed(tx, mail.id, error instanceof Error ? error.message : String(error)),
        );
      }
    }
    return sent;
  }

  return {
    isConfigured: transport !== null,
    deliverPending() {
      if (!transport) return Promise.resolve(0);
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
