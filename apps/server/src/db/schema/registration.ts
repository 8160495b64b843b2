import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './platform';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** The address columns of an invoice or delivery address, as one JSON value. */
export interface AddressValue {
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
  country: string;
}

export interface MachineOrderValue {
  manufacturer: string;
  model: string;
  count: number;
}

/**
 * A contact request from the website (product.md §3). Not tenant data: the sender has no tenant; the
 * system admins read them through the platform role.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salutation: text('salutation').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    company: text('company'),
    message: text('message').notNull(),
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);

/** The registration of a printing shop (product.md §3 "Registration data"): who ordered what, under which terms. */
export const registrations = pgTable(
  'registrations',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    salutation: text('salutation').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    company: text('company').notNull(),
    address: jsonb('address').$type<AddressValue>().notNull(),
    deliveryAddress: jsonb('delivery_address').$type<AddressValue>(),
    taxNumber: text('tax_number'),
    vatNumber: text('vat_number'),
    currency: text('currency').notNull(),
    language: text('language'),
    /** every machine line ordered: the registration's first, later orders appended */
    machines: jsonb('machines').$type<MachineOrderValue[]>().notNull(),
    termsVersion: text('terms_version').notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Short-lived api-tokens for the additional-machines order (stored as SHA-256 hashes). */
export const registrationTokens = pgTable(
  'registration_tokens',
  {
    tenantId: uuid('tenant_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    registrationId: uuid('registration_id').notNull(),
    createdBy: uuid('created_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tokenHash] }),
    foreignKey({
      columns: [t.tenantId, t.registrationId],
      foreignColumns: [registrations.tenantId, registrations.id],
    }).onDelete('cascade'),
  ],
);

/** Invoices (product.md §9): numbered without gaps across tenants, with the PDF the admin opens. */
export const invoices = pgTable(
  'invoices',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    number: text('number').notNull(),
    registrationId: uuid('registration_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    reverseCharge: boolean('reverse_charge').notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    machineCount: integer('machine_count').notNull(),
    /** the priced lines and addresses as invoiced */
    details: jsonb('details').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_tenant_issued_idx').on(t.tenantId, t.issuedAt),
  ],
);

/**
 * Mails to send (ARCHITECTURE "e-mail"): written in the transaction of what caused them, sent by
 * nodemailer when SMTP_URL is set, otherwise kept here for the system admins to read.
 */
/** A file of an outbox mail; text content (CSV), stored with the mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    replyTo: text('reply_to'),
    /** files sent with the mail (a scheduled report's CSV): name, media type, UTF-8 text content */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_unsent_idx').on(t.createdAt).where(sql`sent_at IS NULL`)],
);

/**
 * Captcha challenges already solved and used, by their signature, until the challenge expires: one
 * solution sends one form, on whichever server instance it arrives. Holds no tenant data.
 */
export const spentCaptchas = pgTable(
  'spent_captchas',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_captchas_expires_at_idx').on(t.expiresAt)],
);
