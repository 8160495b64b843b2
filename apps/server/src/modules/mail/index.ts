/**
 * E-mail (ARCHITECTURE "jobs: e-mail"): owns `mail_outbox` (ADR 0012). Other modules queue a mail in
 * their own transaction with `queueMail`; the sender delivers it by nodemailer after the commit when
 * SMTP_URL is set. Without SMTP_URL the mails stay in the outbox, for the system admins to read
 * (`listOutbox`, `findMail`, `requeueMail`); retention deletes what was delivered long ago.
 */

export {
  deleteOldMails,
  findMail,
  listOutbox,
  mailState,
  queueMail,
  requeueMail,
} from './mail.repository';
export { createMailSender } from './mail.sender';
