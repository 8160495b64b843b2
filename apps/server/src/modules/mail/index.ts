/**
 * E-mail (ARCHITECTURE "jobs: e-mail"): owns `mail_outbox` (ADR 0012). Other modules queue a mail in
 * their own transaction with `queueMail`; the sender delivers it by nodemailer after the commit when
 * SMTP_URL is set. Without SMTP_URL the mails stay in the outbox, for the system admins to read
 * (`listOutbox`, `findMail`, `requeueMail`); retention deletes what was delivered long ago.
 */

export type { MailAttachment } from '../../db/schema/index';
export {
  deleteOldMails,
  findMail,
  listOutbox,
  mailState,
  type OutgoingMail,
  queueMail,
  requeueMail,
} from './mail.repository';
export { createMailSender, type MailSender } from './mail.sender';
