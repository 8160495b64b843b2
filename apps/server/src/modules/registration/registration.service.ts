import type { RegistrationResult } from '@kerf/contracts';
import type { AddressValue } from '../../db/schema/index';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { insertTenant, insertUser, passwordProblem } from '../auth/index';
import { queueMail } from '../mail/index';
import { invoiceOrder } from './invoices.service';
import { money, orderMail } from './order-mail';
import {
  phoneOrFail,
  RESERVED_TENANT_IDS,
  type RegistrationDeps,
  type RegistrationInput,
  requireCaptcha,
  TERMS_VERSION,
  WEBSITE,
} from './registration';
import { findTenantSlug, insertRegistration } from './registration.repository';

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

/** The registration of a printing shop on the website: its tenant, admin, registration, invoice and mails (product.md §2 "Website"). */
export function createRegistrationService(
  deps: Pick<
    RegistrationDeps,
    'transactions' | 'hasher' | 'captcha' | 'priceList' | 'deliverMail' | 'support' | 'salesEmail' | 'now'
  >,
) {
  const { transactions } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async register(input: RegistrationInput, ip: string): Promise<RegistrationResult> {
      const phone = phoneOrFail(input.phone);
      const problem = passwordProblem(input.password, { username: input.username });
      if (problem) throw AppError.fields([{ field: 'password', in: 'body', code: problem }]);
      if (RESERVED_TENANT_IDS.has(input.tenantId)) throw new AppError('service.knives.TENANT_ID_TAKEN');
      await requireCaptcha(deps.captcha, input.captcha);
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
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
