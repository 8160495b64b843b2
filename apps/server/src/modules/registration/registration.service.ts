import { randomBytes } from 'node:crypto';
import type {
  AdditionalMachinesRequestSchema,
  ContactRequestSchema,
  Currency,
  Invoice,
  Language,
  Price,
  PriceRequestSchema,
  RegistrationRequestSchema,
  RegistrationResult,
  RegistrationToken,
  RegistrationView,
} from '@kerf/contracts';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { z } from 'zod';
import type { AddressValue, MachineOrderValue } from '../../db/schema/index';
import type { PlatformActor, Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { isoDay } from '../../lib/dates';
import { sha256Hex } from '../../lib/hash';
import type { PasswordHasher } from '../../lib/password-hasher';
import { insertTenant, insertUser, passwordProblem } from '../auth/index';
import { queueMail } from '../mail/index';
import { insertOrderedLicence } from '../printing-shop/index';
import type { Captcha } from './captcha';
import { renderInvoicePdf } from './invoice-pdf';
import { calculatePrice, dueDateOf, type PriceList } from './pricing';
import {
  appendRegistrationMachines,
  findInvoicePdf,
  findLiveToken,
  findOwnTenant,
  findRegistration,
  findTenantRegistration,
  findTenantSlug,
  insertContactRequest,
  insertInvoice,
  insertRegistration,
  insertRegistrationToken,
  listInvoices,
  markTokenUsed,
  nextInvoiceNumber,
  type RegistrationRow,
} from './registration.repository';

type RegistrationInput = z.output<typeof RegistrationRequestSchema>;
type ContactInput = z.output<typeof ContactRequestSchema>;
type PriceInput = z.output<typeof PriceRequestSchema>;
type AdditionalInput = z.output<typeof AdditionalMachinesRequestSchema>;

/** Public website actions have no signed-in user: the audit log records them under the nil tenant. */
const WEBSITE: PlatformActor = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null };

export const TERMS_VERSION = '2026-11';
const TOKEN_TTL_MS = 60 * 60 * 1000;
/** Tenant IDs that would read like ours. */
const RESERVED_TENANT_IDS = new Set([
  'admin',
  'api',
  'www',
  'kerf',
  'support',
  'login',
  'register',
  'system',
  'root',
]);

function phoneOrFail(phone: string, field = 'phone') {
  if (!isValidPhoneNumber(phone)) throw AppError.fields([{ field, in: 'body', code: 'INVALID_PHONE' }]);
  return parsePhoneNumberWithError(phone).number;
}

function invoiceLanguage(language: Language | null | undefined): 'de' | 'en' {
  return language === 'GERMAN' ? 'de' : 'en';
}

export interface RegistrationDeps {
  transactions: Transactions;
  hasher: PasswordHasher;
  captcha: Captcha;
  priceList: PriceList;
  /** delivers queued mail after the commit (no-op without SMTP_URL) */
  deliverMail: () => void;
  support: { phone: string; email: string };
  salesEmail: string;
  /** the clock (the demo seeds invoices in the past) */
  now?: () => Date;
}

/**
 * One order of machines as invoiced: a licence per machine ordered, awaiting the machine's
 * installation, and the invoice with its PDF (the demo's first invoice has its machines already).
 */
export async function invoiceOrder(
  tx: Tx,
  deps: Pick<RegistrationDeps, 'priceList' | 'support'>,
  tenantId: string,
  tenantSlug: string,
  registration: RegistrationRow,
  machines: MachineOrderValue[],
  issuedAt: Date,
  options: { licences: boolean; termsAcceptedAt?: Date } = { licences: true },
) {
  const price = calculatePrice(
    deps.priceList,
    {
      country: registration.address.country as 'DE',
      currency: registration.currency as Currency,
      vatNumber: registration.vatNumber,
      machines,
    },
    issuedAt,
  );
  const number = await nextInvoiceNumber(tx, issuedAt);
  // Each machine ordered is paid with this invoice: its licence exists from now on and waits for the
  // machine's installation (the admin's dashboard shows it as ordered, awaiting installation).
  for (const line of options.licences ? machines : []) {
    for (let index = 0; index < line.count; index++) {
      await insertOrderedLicence(tx, tenantId, {
        manufacturer: line.manufacturer,
        model: line.model,
        invoiceNumber: number,
        orderedAt: issuedAt,
      });
    }
  }
  const dueAt = dueDateOf(issuedAt);
  const language = invoiceLanguage(registration.language as Language | null);
  const pdf = await renderInvoicePdf({
    number,
    issuedAt,
    dueAt,
    language,
    customer: {
      company: registration.company,
      contact: `${registration.firstName} ${registration.lastName}`,
      address: registration.address,
      deliveryAddress: registration.deliveryAddress,
      vatNumber: registration.vatNumber,
      taxNumber: registration.taxNumber,
      tenantId: tenantSlug,
    },
    machines,
    price,
    supportPhone: deps.support.phone,
    supportEmail: deps.support.email,
  });
  await insertInvoice(tx, tenantId, {
    number,
    registrationId: registration.id,
    issuedAt,
    dueAt,
    currency: price.currency,
    netCents: price.netCents,
    vatRateBasisPoints: price.vatRateBasisPoints,
    reverseCharge: price.reverseCharge,
    vatCents: price.vatCents,
    totalCents: price.totalCents,
    machineCount: price.machineCount,
    details: {
      lines: price.lines,
      machines,
      address: registration.address,
      deliveryAddress: registration.deliveryAddress,
      terms: { version: TERMS_VERSION, acceptedAt: (options.termsAcceptedAt ?? issuedAt).toISOString() },
    },
    pdf,
  });
  return { number, price, dueAt, language };
}

function money(cents: number, currency: string) {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

function orderMail(
  kind: 'registration' | 'additional-machines',
  to: { email: string; firstName: string; lastName: string },
  tenantSlug: string,
  username: string | null,
  invoice: { number: string; price: Price; dueAt: Date; language: 'de' | 'en' },
  support: { phone: string; email: string },
) {
  const p = invoice.price;
  const due = isoDay(invoice.dueAt);
  if (invoice.language === 'de') {
    return {
      kind: `${kind}-confirmation`,
      recipient: to.email,
      subject:
        kind === 'registration'
          ? `Ihre Registrierung bei Kerf – Mandant ${tenantSlug}`
          : `Ihre Bestellung weiterer Maschinen – Rechnung ${invoice.number}`,
      body: [
        `Guten Tag ${to.firstName} ${to.lastName},`,
        '',
        kind === 'registration'
          ? `vielen Dank für Ihre Registrierung. Ihr Mandant lautet „${tenantSlug}“, Ihr Benutzername „${username}“. Sie können sich ab sofort anmelden.`
          : `vielen Dank für Ihre Bestellung von ${p.machineCount} weiteren Maschine(n).`,
        '',
        `Rechnung ${invoice.number}: netto ${money(p.netCents, p.currency)}, USt ${money(p.vatCents, p.currency)}, gesamt ${money(p.totalCents, p.currency)}, zahlbar bis ${due}. Sie finden die Rechnung als PDF in der App unter „Dashboard“.`,
        'Die Bestellung wird erst mit unserer gesonderten Auftragsbestätigung verbindlich; unser Techniker meldet sich zur Terminabsprache für die Installation.',
        '',
        `Fragen? ${support.phone} · ${support.email}`,
        '',
        'Ihr Kerf-Team',
      ].join('\n'),
    };
  }
  return {
    kind: `${kind}-confirmation`,
    recipient: to.email,
    subject:
      kind === 'registration'
        ? `Your Kerf registration – client ${tenantSlug}`
        : `Your order of further machines – invoice ${invoice.number}`,
    body: [
      `Dear ${to.firstName} ${to.lastName},`,
      '',
      kind === 'registration'
        ? `thank you for registering. Your client (tenant ID) is "${tenantSlug}", your username "${username}". You can log in right away.`
        : `thank you for ordering ${p.machineCount} further machine(s).`,
      '',
      `Invoice ${invoice.number}: net ${money(p.netCents, p.currency)}, VAT ${money(p.vatCents, p.currency)}, total ${money(p.totalCents, p.currency)}, due by ${due}. The PDF is in the app on the dashboard.`,
      'The order becomes binding only with our separate order confirmation; our technician will contact you to arrange the installation.',
      '',
      `Questions? ${support.phone} · ${support.email}`,
      '',
      'Your Kerf team',
    ].join('\n'),
  };
}

const toAddress = (address: {
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
  country: string;
}): AddressValue => ({
  street: address.street,
  streetNumber: address.streetNumber,
  zip: address.zip,
  city: address.city,
  country: address.country,
});

/** Registration, prices, contact requests and invoices of the public website (product.md §2 "Website"). */
export function createRegistrationService(deps: RegistrationDeps) {
  const { transactions, captcha } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireCaptcha(payload: ContactInput['captcha']) {
    if (!(await captcha.redeem(payload))) throw new AppError('service.knives.CAPTCHA_INVALID');
  }

  /** The tenant and registration an api-token stands for: `<tenant uuid>.<random>`. */
  async function withToken<T>(
    token: string,
    registrationId: string,
    fn: (tx: Tx, tenantId: string, registration: RegistrationRow) => Promise<T>,
  ) {
    const tenantId = token.split('.')[0]!;
    return transactions.withTenant(tenantId, async (tx) => {
      const live = await findLiveToken(tx, sha256Hex(token));
      if (!live || live.registrationId !== registrationId)
        throw new AppError('service.knives.REGISTRATION_TOKEN_INVALID');
      const registration = await findRegistration(tx, registrationId);
      if (!registration) throw new AppError('service.knives.TENANT_NOT_FOUND');
      return fn(tx, tenantId, registration);
    });
  }

  return {
    async isTenantIdAvailable(slug: string) {
      if (RESERVED_TENANT_IDS.has(slug)) return { tenantId: slug, available: false };
      const id = await transactions.withSignIn((tx) => findTenantSlug(tx, slug));
      return { tenantId: slug, available: id === null };
    },

    price(input: PriceInput) {
      return calculatePrice(deps.priceList, input, now());
    },

    async contact(input: ContactInput) {
      const phone = phoneOrFail(input.phone);
      await requireCaptcha(input.captcha);
      await transactions.withPlatform({ actor: WEBSITE, action: 'website.contact' }, async (tx) => {
        await insertContactRequest(tx, {
          salutation: input.salutation,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone,
          company: input.company || null,
          message: input.message,
          language: input.language ?? null,
        });
        await queueMail(tx, {
          kind: 'contact-request',
          recipient: deps.salesEmail,
          replyTo: input.email,
          subject: `Kontaktanfrage: ${input.firstName} ${input.lastName}${input.company ? ` (${input.company})` : ''}`,
          body: [
            `${input.salutation === 'MS' ? 'Frau' : 'Herr'} ${input.firstName} ${input.lastName}`,
            input.company ? `Firma: ${input.company}` : null,
            `E-Mail: ${input.email}`,
            `Telefon: ${phone}`,
            `Sprache: ${input.language ?? '–'}`,
            '',
            input.message,
          ]
            .filter((line) => line !== null)
            .join('\n'),
        });
      });
      deps.deliverMail();
    },

    async register(input: RegistrationInput, ip: string): Promise<RegistrationResult> {
      const phone = phoneOrFail(input.phone);
      const problem = passwordProblem(input.password, { username: input.username });
      if (problem) throw AppError.fields([{ field: 'password', in: 'body', code: problem }]);
      if (RESERVED_TENANT_IDS.has(input.tenantId)) throw new AppError('service.knives.TENANT_ID_TAKEN');
      await requireCaptcha(input.captcha);
      const passwordHash = await deps.hasher.hash(input.password);
      const issuedAt = now();
      try {
        const result = await transactions.withNewTenant(
          {
            actor: { ...WEBSITE, ip },
            action: 'website.registration',
            details: { tenantId: input.tenantId },
          },
          async (tx) => {
            if (await findTenantSlug(tx, input.tenantId))
              throw new AppError('service.knives.TENANT_ID_TAKEN');
            const tenant = await insertTenant(tx, {
              slug: input.tenantId,
              name: input.shopName,
              kind: 'PRINTING_SHOP',
            });
            return tenant.id;
          },
          async (tx, tenantId) => {
            await insertUser(tx, tenantId, {
              username: input.username,
              passwordHash,
              email: input.email,
              firstName: input.firstName,
              lastName: input.lastName,
              displayName: null,
              personnelNumber: null,
              role: 'ADMIN_PRINTING_SHOP',
              language: input.language ?? null,
              active: true,
            });
            const machines = input.machines.map((line) => ({ ...line }));
            const registration = await insertRegistration(tx, tenantId, {
              salutation: input.salutation,
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email,
              phone,
              company: input.company,
              address: toAddress(input.address),
              deliveryAddress: input.deliveryAddress ? toAddress(input.deliveryAddress) : null,
              taxNumber: input.taxNumber || null,
              vatNumber: input.vatNumber || null,
              currency: input.currency,
              language: input.language ?? null,
              machines,
              termsVersion: TERMS_VERSION,
              termsAcceptedAt: issuedAt,
            });
            const invoice = await invoiceOrder(
              tx,
              deps,
              tenantId,
              input.tenantId,
              registration,
              machines,
              issuedAt,
            );
            await queueMail(
              tx,
              orderMail('registration', input, input.tenantId, input.username, invoice, deps.support),
            );
            await queueMail(tx, {
              kind: 'registration-notice',
              recipient: deps.salesEmail,
              subject: `Neue Registrierung: ${input.company} (${input.tenantId}), ${invoice.price.machineCount} Maschine(n)`,
              body: `Mandant ${input.tenantId}, ${input.company}, ${input.address.city} (${input.address.country}); Rechnung ${invoice.number} über ${money(invoice.price.totalCents, invoice.price.currency)}.`,
            });
            return {
              tenantId: input.tenantId,
              registrationId: registration.id,
              username: input.username,
              invoiceNumber: invoice.number,
              price: invoice.price,
            };
          },
        );
        deps.deliverMail();
        return result;
      } catch (error) {
        if (isUniqueViolation(error, 'tenants_slug_unique'))
          throw new AppError('service.knives.TENANT_ID_TAKEN');
        throw error;
      }
    },

    acquireToken(actor: Actor): Promise<RegistrationToken> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        const registration = await findTenantRegistration(tx);
        if (!registration) throw new AppError('service.knives.TENANT_NOT_FOUND');
        const token = `${actor.tenantId}.${randomBytes(32).toString('base64url')}`;
        const expiresAt = new Date(now().getTime() + TOKEN_TTL_MS);
        await insertRegistrationToken(tx, actor.tenantId, {
          tokenHash: sha256Hex(token),
          registrationId: registration.id,
          createdBy: actor.userId,
          expiresAt,
        });
        return { registrationId: registration.id, token, expiresAt: expiresAt.toISOString() };
      });
    },

    getRegistration(id: string, token: string): Promise<RegistrationView> {
      return withToken(token, id, async (tx, tenantId, registration) => {
        const tenant = await findOwnTenant(tx, tenantId);
        const machines = registration.machines;
        return {
          registrationId: registration.id,
          tenantId: tenant?.slug ?? '',
          company: registration.company,
          country: registration.address.country as 'DE',
          currency: registration.currency as Currency,
          vatNumber: registration.vatNumber,
          machines,
          machineCount: machines.reduce((sum, line) => sum + line.count, 0),
        };
      });
    },

    async orderAdditionalMachines(id: string, token: string, input: AdditionalInput) {
      const result = await withToken(token, id, async (tx, tenantId, registration) => {
        // one order per token: of two requests sent at once (a double click) only the first orders,
        // the second finds the token used (the row lock makes it wait for the first to commit)
        if (!(await markTokenUsed(tx, sha256Hex(token))))
          throw new AppError('service.knives.REGISTRATION_TOKEN_INVALID');
        const tenant = await findOwnTenant(tx, tenantId);
        const machines = input.machines.map((line) => ({ ...line }));
        const invoice = await invoiceOrder(
          tx,
          deps,
          tenantId,
          tenant?.slug ?? '',
          registration,
          machines,
          now(),
        );
        await appendRegistrationMachines(tx, registration.id, machines);
        await queueMail(
          tx,
          orderMail('additional-machines', registration, tenant?.slug ?? '', null, invoice, deps.support),
        );
        return {
          invoiceNumber: invoice.number,
          price: invoice.price,
          machineCount: invoice.price.machineCount,
        };
      });
      deps.deliverMail();
      return result;
    },

    listInvoices(actor: Actor): Promise<Invoice[]> {
      return transactions.withTenant(actor.tenantId, async (tx) =>
        (await listInvoices(tx)).map((row) => ({
          id: row.id,
          number: row.number,
          issuedAt: row.issuedAt.toISOString(),
          dueDate: isoDay(row.dueAt),
          currency: row.currency as Currency,
          netCents: row.netCents,
          vatCents: row.vatCents,
          totalCents: row.totalCents,
          machineCount: row.machineCount,
        })),
      );
    },

    invoicePdf(actor: Actor, id: string) {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        const row = await findInvoicePdf(tx, id);
        if (!row) throw new AppError('service.knives.INVOICE_NOT_FOUND');
        return { number: row.number, pdf: Buffer.from(row.pdf) };
      });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
