import type {
  AdditionalMachinesRequestSchema,
  ContactRequestSchema,
  PriceRequestSchema,
  RegistrationRequestSchema,
} from '@kerf/contracts';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { z } from 'zod';
import type { PlatformActor, Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { Captcha } from './captcha';
import type { PriceList } from './pricing';

/*
 * What the website's services (website, registration, machine orders, invoices) share. No SQL here:
 * the statements are in registration.repository.ts.
 */

export type RegistrationInput = z.output<typeof RegistrationRequestSchema>;
export type ContactInput = z.output<typeof ContactRequestSchema>;
export type PriceInput = z.output<typeof PriceRequestSchema>;
export type AdditionalInput = z.output<typeof AdditionalMachinesRequestSchema>;

/** Public website actions have no signed-in user: the audit log records them under the nil tenant. */
export const WEBSITE: PlatformActor = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null };

export const TERMS_VERSION = '2026-11';

/** Tenant IDs that would read like ours. */
export const RESERVED_TENANT_IDS = new Set([
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

export function phoneOrFail(phone: string, field = 'phone') {
  if (!isValidPhoneNumber(phone)) throw AppError.fields([{ field, in: 'body', code: 'INVALID_PHONE' }]);
  return parsePhoneNumberWithError(phone).number;
}

export async function requireCaptcha(captcha: Captcha, payload: ContactInput['captcha']) {
  if (!(await captcha.redeem(payload))) throw new AppError('service.knives.CAPTCHA_INVALID');
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
