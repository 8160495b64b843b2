/**
 * The public website's calls of the knife server (product.md §7 "Knife server": registration, contact,
 * captcha, prices) and the additional-machines order, at /api/knife. Owns `registrations`,
 * `registration_tokens`, `invoices`, `contact_requests` and `spent_captchas` (ADR 0012); tenants and users are created
 * through auth, machines through machines, mail through mail.
 */

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Transactions } from '../../db/transactions';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { Authenticator } from '../../lib/route';
import { type Captcha, createCaptcha } from './captcha';
import { createInvoicesService } from './invoices.service';
import { createMachineOrdersService } from './machine-orders.service';
import { DEFAULT_PRICE_LIST, type PriceList } from './pricing';
import type { RegistrationDeps } from './registration';
import { registerRegistrationRoutes } from './registration.routes';
import { createRegistrationService } from './registration.service';
import { createWebsiteService } from './website.service';

export { createCaptcha } from './captcha';
export { deleteExpiredCaptchas } from './captcha.repository';

export { seedDemoContactRequests, seedDemoRegistration } from './registration.seed';

type WebsiteConfig = Pick<
  Config,
  | 'jwtSecret'
  | 'captchaMaxCounter'
  | 'installationFeeCents'
  | 'supportPhone'
  | 'supportEmail'
  | 'salesEmail'
  | 'publicRateLimit'
>;

/** Registration, prices, captcha, contact and invoices under /api/knife. */
export function registerRegistrationModule(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    transactions: Transactions;
    hasher: PasswordHasher;
    config: WebsiteConfig;
    deliverMail: () => void;
    /** the proof of work, when the app shares it (sign-in takes the same challenges) */
    captcha?: Captcha;
  },
) {
  const { config } = deps;
  const priceList: PriceList = {
    EUR: { ...DEFAULT_PRICE_LIST.EUR, installationNetCents: config.installationFeeCents.EUR },
    CHF: { ...DEFAULT_PRICE_LIST.CHF, installationNetCents: config.installationFeeCents.CHF },
    GBP: { ...DEFAULT_PRICE_LIST.GBP, installationNetCents: config.installationFeeCents.GBP },
  };
  const support = { phone: config.supportPhone, email: config.supportEmail };
  const captcha =
    deps.captcha ??
    createCaptcha({
      secret: config.jwtSecret,
      maxCounter: config.captchaMaxCounter,
      transactions: deps.transactions,
    });
  const services: RegistrationDeps = {
    transactions: deps.transactions,
    hasher: deps.hasher,
    captcha,
    priceList,
    deliverMail: deps.deliverMail,
    support,
    salesEmail: config.salesEmail,
  };
  registerRegistrationRoutes(app, {
    authenticator: deps.authenticator,
    website: createWebsiteService(services),
    registration: createRegistrationService(services),
    machineOrders: createMachineOrdersService(services),
    invoices: createInvoicesService(services),
    captcha,
    priceList,
    support,
    perMinute: config.publicRateLimit,
  });
}
