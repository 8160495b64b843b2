import { queueMail } from '../mail/index';
import { calculatePrice } from './pricing';
import {
  type ContactInput,
  type PriceInput,
  phoneOrFail,
  RESERVED_TENANT_IDS,
  type RegistrationDeps,
  requireCaptcha,
  WEBSITE,
} from './registration';
import { findTenantSlug, insertContactRequest } from './registration.repository';

/** The public website's prices, tenant id check and contact requests (product.md §2 "Website"). */
export function createWebsiteService(
  deps: Pick<
    RegistrationDeps,
    'transactions' | 'captcha' | 'priceList' | 'deliverMail' | 'salesEmail' | 'now'
  >,
) {
  const { transactions } = deps;
  const now = deps.now ?? (() => new Date());

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
      await requireCaptcha(deps.captcha, input.captcha);
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
  };
}

export type WebsiteService = ReturnType<typeof createWebsiteService>;
