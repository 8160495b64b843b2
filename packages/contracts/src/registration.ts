import { z } from 'zod';
import { TenantSlugSchema, UsernameSchema } from './auth';
import { CaptchaChallengeSchema, CaptchaPayloadSchema } from './captcha';
import { LanguageSchema } from './common';
import { PasswordSchema } from './password';
import { CountrySchema, PhoneSchema } from './printing-shop';
import { defineRoute } from './route';
import { identifier, secretText, text } from './text';

/**
 * The public calls of the knife server (product.md §7 "Knife server": registration, contact, captcha,
 * prices) and the additional-machines flow of a registered printing shop, at /api/knife. Money is in
 * integer cents of the invoicing currency.
 */

// ---------------------------------------------------------------------------------------------
// Prices and contract conditions (product.md §9)

/** Invoicing currencies (product.md §9: selectable; a price list per currency, not live exchange rates). */
export const CURRENCIES = ['EUR', 'CHF', 'GBP'] as const;
export const CurrencySchema = z.enum(CURRENCIES).meta({ id: 'Currency' });
export type Currency = z.infer<typeof CurrencySchema>;

/** VAT rates in basis points (1900 = 19 %), by the customer's country. */
export const VAT_RATE_BASIS_POINTS = { DE: 1900, AT: 2000, NL: 2100, CH: 810, GB: 2000 } as const;
/** Countries in the EU: a customer there with a VAT number of another EU state than ours pays no VAT (reverse charge). */
export const EU_COUNTRIES = ['DE', 'AT', 'NL'] as const;
/** Kerf invoices from Germany. */
export const SELLER_COUNTRY = 'DE';
export const PAYMENT_TERM_DAYS = 14;

export const PriceListEntrySchema = z
  .object({
    currency: CurrencySchema,
    /** software licence per machine and month, net */
    licenceMonthlyNetCents: z.number().int(),
    /** a whole year's licence per machine, net */
    licenceAnnualNetCents: z.number().int(),
    /** one-time installation per machine, net (technician on site, up to 4 existing knives adapted) */
    installationNetCents: z.number().int(),
  })
  .meta({ id: 'PriceListEntry' });
export type PriceListEntry = z.infer<typeof PriceListEntrySchema>;

export const ContractConditionsSchema = z
  .object({
    country: CountrySchema,
    vatRateBasisPoints: z.number().int(),
    /** true where a VAT number of this (EU, foreign) country moves the VAT to the customer */
    reverseChargeWithVatNumber: z.boolean(),
    paymentTermDays: z.number().int(),
    /** the licence runs with the calendar year, paid yearly in advance, pro rata in the first year */
    licenceBilling: z.literal('YEARLY_IN_ADVANCE_PRO_RATA'),
    supportPhone: z.string(),
    supportEmail: z.string(),
    termsVersion: z.string(),
  })
  .meta({ id: 'ContractConditions' });
export type ContractConditions = z.infer<typeof ContractConditionsSchema>;

/** An EU VAT identification number: country prefix and 2–12 letters or digits (spaces dropped). */
export const VatNumberSchema = identifier(
  z
    .string()
    .max(20)
    .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
    .refine((value) => value === '' || /^[A-Z]{2}[A-Z0-9]{2,12}$/.test(value), { message: 'INVALID_FORMAT' }),
);

export const MAX_MACHINES_PER_LINE = 50;
export const MAX_MACHINE_LINES = 20;

/** One line of the machine list (product.md §3 "Registration data": manufacturer, model, count). */
export const MachineOrderSchema = z
  .strictObject({
    manufacturer: text({ min: 1, max: 60 }),
    model: text({ min: 1, max: 60 }),
    count: z.number().int().min(1).max(MAX_MACHINES_PER_LINE),
  })
  .meta({ id: 'MachineOrder' });
export type MachineOrder = z.input<typeof MachineOrderSchema>;

const machineList = z.array(MachineOrderSchema).min(1).max(MAX_MACHINE_LINES);

export const PriceRequestSchema = z
  .strictObject({
    country: CountrySchema,
    currency: CurrencySchema,
    vatNumber: VatNumberSchema.nullable().optional(),
    machines: machineList,
  })
  .meta({ id: 'PriceRequest' });
export type PriceRequest = z.input<typeof PriceRequestSchema>;

export const PRICE_LINE_KINDS = ['LICENCE', 'INSTALLATION'] as const;

export const PriceLineSchema = z.object({
  kind: z.enum(PRICE_LINE_KINDS),
  /** machines */
  quantity: z.number().int(),
  /** licence: months until the renewal on 1 January; installation: null */
  months: z.number().int().nullable(),
  unitNetCents: z.number().int(),
  netCents: z.number().int(),
});

/** product.md §3 "Payment view": net amount, VAT, total, annual licence per machine, installation price. */
export const PriceSchema = z
  .object({
    currency: CurrencySchema,
    machineCount: z.number().int(),
    lines: z.array(PriceLineSchema),
    netCents: z.number().int(),
    vatRateBasisPoints: z.number().int(),
    reverseCharge: z.boolean(),
    vatCents: z.number().int(),
    totalCents: z.number().int(),
    annualLicencePerMachineNetCents: z.number().int(),
    installationPerMachineNetCents: z.number().int(),
    /** the licence of the first (pro-rata) period ends the day before this date */
    renewalDate: z.iso.date(),
    paymentTermDays: z.number().int(),
  })
  .meta({ id: 'Price' });
export type Price = z.infer<typeof PriceSchema>;

// ---------------------------------------------------------------------------------------------
// Captcha: ALTCHA proof of work (self-hosted), verified on the server (captcha.ts; sign-in uses it too)

// ---------------------------------------------------------------------------------------------
// Contact request (product.md §3) and registration data (product.md §3, §5)

export const SALUTATIONS = ['MS', 'MR'] as const;
export const SalutationSchema = z.enum(SALUTATIONS).meta({ id: 'Salutation' });

const EmailSchema = z.email().max(254);

export const ContactRequestSchema = z
  .strictObject({
    salutation: SalutationSchema,
    firstName: text({ min: 1, max: 100 }),
    lastName: text({ min: 1, max: 100 }),
    email: EmailSchema,
    phone: PhoneSchema,
    company: text({ max: 150 }).nullable().optional(),
    message: text({ min: 1, max: 4000, multiline: true }),
    language: LanguageSchema.optional(),
    captcha: CaptchaPayloadSchema,
  })
  .meta({ id: 'ContactRequest' });
export type ContactRequest = z.input<typeof ContactRequestSchema>;

export const AddressSchema = z
  .strictObject({
    street: text({ min: 1, max: 100 }),
    streetNumber: text({ min: 1, max: 20 }),
    zip: text({ min: 1, max: 12, pattern: { regex: /^[A-Za-z0-9 -]*$/, code: 'NO_SPECIAL_CHARACTERS' } }),
    city: text({ min: 1, max: 100 }),
    country: CountrySchema,
  })
  .meta({ id: 'Address' });
export type Address = z.input<typeof AddressSchema>;

const mustBeTrue = z.boolean().refine((value) => value, { message: 'REQUIRED' });

/** Personal and company data of step 1 (the fields a step validates are the schema's keys). */
export const registrationPersonalFields = {
  salutation: SalutationSchema,
  firstName: text({ min: 1, max: 100 }),
  lastName: text({ min: 1, max: 100 }),
  email: EmailSchema,
  emailConfirmation: EmailSchema,
  phone: PhoneSchema,
  company: text({ min: 1, max: 150 }),
  /** the printing shop's name as the app shows it */
  shopName: text({ min: 1, max: 100 }),
  /** the tenant ID typed at login as "client"; must be free */
  tenantId: TenantSlugSchema,
  username: UsernameSchema,
  password: PasswordSchema,
  passwordConfirmation: secretText({ max: 512 }),
};

/** Step 1 on its own, for the form to check each field while it is typed. */
export const RegistrationPersonalSchema = z.object(registrationPersonalFields);

/** Invoice data of step 3. */
export const registrationPaymentFields = {
  /** the invoice address */
  address: AddressSchema,
  /** null: delivery to the invoice address */
  deliveryAddress: AddressSchema.nullable(),
  taxNumber: text({ max: 30 }).nullable().optional(),
  vatNumber: VatNumberSchema.nullable().optional(),
  currency: CurrencySchema,
  acceptTerms: mustBeTrue,
  acceptPrivacy: mustBeTrue,
};

export const RegistrationRequestSchema = z
  .strictObject({
    ...registrationPersonalFields,
    machines: machineList,
    ...registrationPaymentFields,
    language: LanguageSchema.optional(),
    captcha: CaptchaPayloadSchema,
  })
  .superRefine((value, ctx) => {
    if (value.email.toLowerCase() !== value.emailConfirmation.toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['emailConfirmation'], message: 'NOT_EQUAL' });
    if (value.password !== value.passwordConfirmation)
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'NOT_EQUAL' });
  })
  .meta({ id: 'RegistrationRequest' });
export type RegistrationRequest = z.input<typeof RegistrationRequestSchema>;

export const RegistrationResultSchema = z
  .object({
    /** the tenant ID to log in with */
    tenantId: z.string(),
    registrationId: z.uuid(),
    username: z.string(),
    invoiceNumber: z.string(),
    price: PriceSchema,
  })
  .meta({ id: 'RegistrationResult' });
export type RegistrationResult = z.infer<typeof RegistrationResultSchema>;

export const TenantIdAvailabilitySchema = z
  .object({ tenantId: z.string(), available: z.boolean() })
  .meta({ id: 'TenantIdAvailability' });

/** Manufacturers, models and cutting widths offered in step 2 (the machine list). */
export const MachineModelSchema = z
  .object({ manufacturer: z.string(), model: z.string(), cuttingWidth: z.number().int() })
  .meta({ id: 'MachineModel' });
export type MachineModel = z.infer<typeof MachineModelSchema>;

export const CuttingWidthsSchema = z
  .object({ widths: z.array(z.number().int()), models: z.array(MachineModelSchema) })
  .meta({ id: 'CuttingWidths' });

// ---------------------------------------------------------------------------------------------
// Additional machines of a registered printing shop

export const API_TOKEN_HEADER = 'api-token';

export const RegistrationTokenSchema = z
  .object({ registrationId: z.uuid(), token: z.string(), expiresAt: z.iso.datetime() })
  .meta({ id: 'RegistrationToken' });
export type RegistrationToken = z.infer<typeof RegistrationTokenSchema>;

const ApiTokenHeadersSchema = z.object({
  [API_TOKEN_HEADER]: identifier(
    z
      .string()
      .max(200)
      .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{20,100}$/),
  ),
});

export const RegistrationViewSchema = z
  .object({
    registrationId: z.uuid(),
    tenantId: z.string(),
    company: z.string(),
    country: CountrySchema,
    currency: CurrencySchema,
    vatNumber: z.string().nullable(),
    /** every machine line ordered so far, the registration's and later orders' */
    machines: z.array(z.object({ manufacturer: z.string(), model: z.string(), count: z.number().int() })),
    machineCount: z.number().int(),
  })
  .meta({ id: 'RegistrationView' });
export type RegistrationView = z.infer<typeof RegistrationViewSchema>;

export const AdditionalMachinesRequestSchema = z
  .strictObject({ machines: machineList, acceptTerms: mustBeTrue })
  .meta({ id: 'AdditionalMachinesRequest' });

export const AdditionalMachinesResultSchema = z
  .object({ invoiceNumber: z.string(), price: PriceSchema, machineCount: z.number().int() })
  .meta({ id: 'AdditionalMachinesResult' });

export const InvoiceSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    issuedAt: z.iso.datetime(),
    dueDate: z.iso.date(),
    currency: CurrencySchema,
    netCents: z.number().int(),
    vatCents: z.number().int(),
    totalCents: z.number().int(),
    machineCount: z.number().int(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof InvoiceSchema>;

const RegistrationIdParamsSchema = z.strictObject({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Routes

const PUBLIC_LIMITED = ['service.knives.TOO_MANY_ATTEMPTS'] as const;

export const acquireAdditionalMachineToken = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/tokens/additional-machine-registration/acquire',
  summary: 'A short-lived api-token with which the signed-in admin orders more machines',
  access: 'licences:manage',
  responses: { 201: RegistrationTokenSchema },
  errors: ['service.knives.TENANT_NOT_FOUND'],
});

export const isTenantIdAvailable = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/is-tenant-id-available/:id',
  summary: 'Whether a tenant ID is still free (registration step 1, checked while typing)',
  access: 'public',
  params: z.strictObject({ id: TenantSlugSchema }),
  responses: { 200: TenantIdAvailabilitySchema },
  errors: PUBLIC_LIMITED,
});

export const getCuttingWidths = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/cutting-widths',
  summary: 'Cutting widths with the manufacturers and models offered in the machine list',
  access: 'public',
  responses: { 200: CuttingWidthsSchema },
  errors: PUBLIC_LIMITED,
});

export const getContractConditions = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/current-contract-conditions/:country',
  summary: 'VAT, payment term and support contact that apply to a customer in this country',
  access: 'public',
  params: z.strictObject({ country: CountrySchema }),
  responses: { 200: ContractConditionsSchema },
  errors: PUBLIC_LIMITED,
});

export const getPricingInfo = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/pricing-info/:currency',
  summary: 'The price list in one invoicing currency',
  access: 'public',
  params: z.strictObject({ currency: CurrencySchema }),
  responses: { 200: PriceListEntrySchema },
  errors: PUBLIC_LIMITED,
});

export const calculatePrice = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/calculate-price',
  summary: 'Net amount, VAT and total of an order as of today (payment view)',
  access: 'public',
  body: PriceRequestSchema,
  responses: { 200: PriceSchema },
  errors: PUBLIC_LIMITED,
});

export const getCaptchaChallenge = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/captcha-challenge',
  summary: 'A fresh proof-of-work challenge for the contact and registration forms',
  access: 'public',
  responses: { 200: CaptchaChallengeSchema },
  errors: PUBLIC_LIMITED,
  specAddition:
    'product.md §7 lists only POST captcha-test; the self-hosted ALTCHA proof of work needs a signed challenge from the server first',
});

export const testCaptcha = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/captcha-test',
  summary: 'Checks a solved challenge without using it up',
  access: 'public',
  body: z.strictObject({ captcha: CaptchaPayloadSchema }),
  responses: { 200: z.object({ verified: z.boolean() }).meta({ id: 'CaptchaTestResult' }) },
  errors: PUBLIC_LIMITED,
});

export const sendContactRequest = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/contact',
  summary: 'Stores a contact request and mails it to the sales team',
  access: 'public',
  body: ContactRequestSchema,
  responses: { 201: null },
  errors: [...PUBLIC_LIMITED, 'service.knives.CAPTCHA_INVALID'],
});

export const register = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/register',
  summary:
    'Registers a printing shop: tenant, admin user, ordered machines (unlicensed) and invoice in one transaction',
  access: 'public',
  body: RegistrationRequestSchema,
  responses: { 201: RegistrationResultSchema },
  errors: [...PUBLIC_LIMITED, 'service.knives.CAPTCHA_INVALID', 'service.knives.TENANT_ID_TAKEN'],
});

export const getRegistration = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/registration/:id',
  summary: 'The registration of a printing shop, for the additional-machines order (api-token header)',
  access: 'public',
  params: RegistrationIdParamsSchema,
  headers: ApiTokenHeadersSchema,
  responses: { 200: RegistrationViewSchema },
  errors: [...PUBLIC_LIMITED, 'service.knives.REGISTRATION_TOKEN_INVALID', 'service.knives.TENANT_NOT_FOUND'],
});

export const orderAdditionalMachines = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/registration/:id/additional-machines',
  summary: 'Orders more machines for a registered printing shop and invoices them (api-token header)',
  access: 'public',
  params: RegistrationIdParamsSchema,
  headers: ApiTokenHeadersSchema,
  body: AdditionalMachinesRequestSchema,
  responses: { 201: AdditionalMachinesResultSchema },
  errors: [...PUBLIC_LIMITED, 'service.knives.REGISTRATION_TOKEN_INVALID', 'service.knives.TENANT_NOT_FOUND'],
});

export const listInvoices = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/invoices',
  summary: 'The invoices of the own printing shop, newest first',
  access: 'licences:manage',
  responses: { 200: z.array(InvoiceSchema) },
  errors: [],
  specAddition: 'the admin opens the registration and licence invoices in the app (issue 15)',
});

export const getInvoicePdf = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/invoices/:id/pdf',
  summary: 'One invoice of the own printing shop as PDF (application/pdf)',
  access: 'licences:manage',
  params: z.strictObject({ id: z.uuid() }),
  responses: { 200: null },
  errors: ['service.knives.INVOICE_NOT_FOUND'],
  specAddition: 'the admin opens the registration and licence invoices in the app (issue 15)',
});
