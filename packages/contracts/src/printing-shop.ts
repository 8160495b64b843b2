import { z } from 'zod';
import { UserSchema } from './auth';
import { IdParamsSchema, pageQuerySchema, pageSchema, TimeZoneSchema } from './common';
import { defineRoute } from './route';
import { MachineStatusSchema, OnlineStatusSchema, SERIAL_PATTERN } from './telemetry';
import { identifier, searchText, secretText, text } from './text';

// ---------------------------------------------------------------------------------------------
// Pricing (product.md §9): 25.00 EUR net per machine and month, paid yearly in advance, pro rata for the
// current year. Licences run with the calendar year; they renew on 1 January.

export const LICENCE_MONTHLY_NET_CENTS = 2500;
export const LICENCE_CURRENCY = 'EUR';
/**
 * The licence per machine and month, net, in each invoicing currency (set by the provider, not
 * converted at the day's rate), so that the dashboard's annual cost and the invoice agree.
 */
export const LICENCE_MONTHLY_NET_CENTS_BY_CURRENCY = {
  EUR: LICENCE_MONTHLY_NET_CENTS,
  CHF: 2_400,
  GBP: 2_200,
} as const;

/** Net price of one machine licence for a whole year, in cents. */
export const licenceAnnualNetCents = () => LICENCE_MONTHLY_NET_CENTS * 12;

/** Months a licence bought on `from` runs until it renews on 1 January, the month of `from` included. */
export function licenceMonthsLeft(from: Date): number {
  return 12 - from.getUTCMonth();
}

/**
 * Net price, in cents, for the months left in the year of `from`, the month of `from` included;
 * `monthlyNetCents` is the price list's monthly licence in the invoicing currency (EUR by default).
 */
export function licenceProRataNetCents(
  from: Date,
  monthlyNetCents: number = LICENCE_MONTHLY_NET_CENTS,
): number {
  return monthlyNetCents * licenceMonthsLeft(from);
}

/** The next renewal after `date`: 1 January of the following year (UTC). */
export function licenceRenewalDate(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear() + 1, 0, 1));
}

// ---------------------------------------------------------------------------------------------
// Locations (printing shops)

/** Countries of product.md §3: Germany and the UK, plus the website's Austria, the Netherlands and Switzerland. */
export const COUNTRIES = ['DE', 'AT', 'CH', 'NL', 'GB'] as const;
export const CountrySchema = z.enum(COUNTRIES).meta({ id: 'Country' });

export const KNIFE_SWAP_INTERVAL_MIN = 100;
export const KNIFE_SWAP_INTERVAL_MAX = 1_000_000;
export const KnifeSwapIntervalSchema = z
  .number()
  .int()
  .min(KNIFE_SWAP_INTERVAL_MIN)
  .max(KNIFE_SWAP_INTERVAL_MAX);

/**
 * Minutes a machine may stand RUNNING without a cut before the operator terminal asks for a support
 * time or an interruption (product.md §4 "After a delay the operator must choose support time or downtime").
 */
export const NO_CUTS_PROMPT_DELAY_MIN = 1;
export const NO_CUTS_PROMPT_DELAY_MAX = 120;
export const DEFAULT_NO_CUTS_PROMPT_DELAY = 5;
export const NoCutsPromptDelaySchema = z
  .number()
  .int()
  .min(NO_CUTS_PROMPT_DELAY_MIN)
  .max(NO_CUTS_PROMPT_DELAY_MAX);

const optionalText = (max: number) => text({ max }).nullable().optional();

/**
 * A phone number in international format. Its grammar is libphonenumber's: the server checks it
 * (`INVALID_PHONE`) and stores it as E.164.
 */
export const PhoneSchema = identifier(z.string().trim().max(30));

/** A serial number as typed: surrounding spaces dropped, then the MQTT-safe serial grammar. */
export const SerialNumberInputSchema = identifier(z.string().trim().regex(SERIAL_PATTERN));

export const LocationInputSchema = z
  .strictObject({
    name: text({ min: 1, max: 100 }),
    street: optionalText(100),
    streetNumber: optionalText(20),
    zip: text({ max: 12, pattern: { regex: /^[A-Za-z0-9 -]*$/, code: 'NO_SPECIAL_CHARACTERS' } })
      .nullable()
      .optional(),
    city: optionalText(100),
    country: CountrySchema,
    knifeSwapInterval: KnifeSwapIntervalSchema.nullable().optional(),
  })
  .meta({ id: 'LocationRequest' });
export type LocationInput = z.input<typeof LocationInputSchema>;

export const PrintingShopSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    street: z.string().nullable(),
    streetNumber: z.string().nullable(),
    zip: z.string().nullable(),
    city: z.string().nullable(),
    country: CountrySchema.nullable(),
    knifeSwapInterval: z.number().int().nullable(),
    numberOfMachines: z.number().int(),
    numberOfEmployees: z.number().int(),
    /** share of the last 24 h the location's machines were RUNNING, 0–1; only in view WITH_UPTIME */
    uptimeLast24h: z.number().nullable().optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'PrintingShop' });
export type PrintingShop = z.infer<typeof PrintingShopSchema>;

export const PRINTING_SHOP_SORTS = ['NAME', 'NUMBER_OF_MACHINES'] as const;
export const SORT_DIRECTIONS = ['ASCENDING', 'DESCENDING'] as const;
export const PRINTING_SHOP_VIEWS = ['BASIC', 'WITH_UPTIME'] as const;

export const PrintingShopListQuerySchema = pageQuerySchema(20).extend({
  sort: z.enum(PRINTING_SHOP_SORTS).default('NAME'),
  sort_direction: z.enum(SORT_DIRECTIONS).default('ASCENDING'),
  view: z.enum(PRINTING_SHOP_VIEWS).default('BASIC'),
  search: searchText(100).optional(),
});

export const MinimalInfoSchema = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'MinimalInfo' });

// ---------------------------------------------------------------------------------------------
// Network settings of a machine (product.md §3), validated as one configuration

export const CONNECTIONS = ['ETHERNET', 'WIFI'] as const;
export const ADDRESS_MODES = ['DHCP', 'STATIC'] as const;
export const WIFI_SECURITIES = ['WEP', 'WPA_WPA2', 'WPA2_WPA3', 'WPA3'] as const;
export const NETWORK_SETUP_STATES = [
  'UNKNOWN',
  'ADMIN_INFO_MISSING',
  'MACHINE_LICENSED',
  'ALL_SETTINGS_CORRECT',
] as const;

const ipv4ToNumber = (value: string) => value.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const isIpv4 = (value: string) => z.ipv4().safeParse(value).success;
/** A subnet mask is a run of ones followed by zeros, /1 to /30. */
function isSubnetMask(value: string) {
  if (!isIpv4(value)) return false;
  const mask = ipv4ToNumber(value);
  const inverted = 2 ** 32 - 1 - mask;
  return mask !== 0 && (inverted & (inverted + 1)) === 0 && inverted >= 3;
}

/** IPv4 addresses; the configuration check below refuses anything that is not one (`INVALID_FORMAT`). */
const ipText = identifier(z.string().trim().max(15)).nullable().optional();

export const NetworkSettingsSchema = z
  .strictObject({
    connection: z.enum(CONNECTIONS),
    addressMode: z.enum(ADDRESS_MODES),
    ipAddress: ipText,
    subnetMask: ipText,
    gateway: ipText,
    dnsServer: ipText,
    /** WLAN name (SSID), at most 32 characters */
    networkName: optionalText(32),
    security: z.enum(WIFI_SECURITIES).nullable().optional(),
    /** write-only: omit to keep the stored password */
    password: secretText({ max: 63 }).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const field of ['ipAddress', 'subnetMask', 'gateway', 'dnsServer'] as const) {
      const address = value[field];
      if (address && !isIpv4(address)) fail(field, 'INVALID_FORMAT');
    }
    if (value.addressMode === 'STATIC') {
      for (const field of ['ipAddress', 'subnetMask', 'gateway'] as const)
        if (!value[field]) fail(field, 'REQUIRED');
      const { ipAddress, subnetMask, gateway } = value;
      if (ipAddress && subnetMask && isIpv4(ipAddress) && isIpv4(subnetMask)) {
        if (!isSubnetMask(subnetMask)) {
          fail('subnetMask', 'INVALID_IP_CONFIGURATION');
        } else {
          const mask = ipv4ToNumber(subnetMask);
          const ip = ipv4ToNumber(ipAddress);
          const network = Math.trunc(ip / (2 ** 32 - mask)) * (2 ** 32 - mask);
          const broadcast = network + (2 ** 32 - mask) - 1;
          if (ip === network || ip === broadcast) fail('ipAddress', 'INVALID_IP_CONFIGURATION');
          if (gateway && isIpv4(gateway)) {
            const gw = ipv4ToNumber(gateway);
            if (gw < network || gw > broadcast || gw === ip || gw === network || gw === broadcast) {
              fail('gateway', 'INVALID_IP_CONFIGURATION');
            }
          }
        }
      }
    }
    if (value.connection === 'WIFI') {
      if (!value.networkName) fail('networkName', 'REQUIRED');
      if (!value.security) fail('security', 'REQUIRED');
      const password = value.password;
      if (password) {
        if (value.security === 'WEP' && !/^(.{5}|.{13}|[0-9A-Fa-f]{10}|[0-9A-Fa-f]{26})$/.test(password)) {
          fail('password', 'INVALID_FORMAT');
        }
        if (value.security && value.security !== 'WEP' && [...password].length < 8)
          fail('password', 'TOO_SHORT');
      }
    }
  })
  .meta({ id: 'NetworkSettings' });
export type NetworkSettings = z.input<typeof NetworkSettingsSchema>;

export const NetworkSettingsViewSchema = z
  .object({
    connection: z.enum(CONNECTIONS).nullable(),
    addressMode: z.enum(ADDRESS_MODES).nullable(),
    ipAddress: z.string().nullable(),
    subnetMask: z.string().nullable(),
    gateway: z.string().nullable(),
    dnsServer: z.string().nullable(),
    networkName: z.string().nullable(),
    security: z.enum(WIFI_SECURITIES).nullable(),
    /** the password is never sent back; this says whether one is stored */
    passwordSet: z.boolean(),
  })
  .meta({ id: 'NetworkSettingsView' });

/** The network contact person at the machine (product.md §3); phone in international format. */
export const NetworkContactSchema = z
  .strictObject({
    name: optionalText(100),
    phone: PhoneSchema.nullable().optional(),
  })
  .meta({ id: 'NetworkContact' });

// ---------------------------------------------------------------------------------------------
// Cutting machines

export const CuttingMachineInputSchema = z
  .strictObject({
    name: text({ min: 1, max: 100 }),
    designation: optionalText(100),
    manufacturer: optionalText(100),
    serialNumber: SerialNumberInputSchema,
    printingShopId: z.uuid(),
    /** cutting width in millimetres */
    cuttingWidth: z.number().int().min(100).max(10_000),
    knifeSwapInterval: KnifeSwapIntervalSchema.nullable().optional(),
    active: z.boolean().optional(),
    type: optionalText(50),
    network: NetworkSettingsSchema.nullable().optional(),
    networkContact: NetworkContactSchema.nullable().optional(),
  })
  .meta({ id: 'CuttingMachineRequest' });
export type CuttingMachineInput = z.input<typeof CuttingMachineInputSchema>;

export const CuttingMachineSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    designation: z.string().nullable(),
    manufacturer: z.string().nullable(),
    serialNumber: z.string(),
    printingShopId: z.uuid().nullable(),
    printingShopName: z.string().nullable(),
    cuttingWidth: z.number().int().nullable(),
    knifeSwapInterval: z.number().int().nullable(),
    active: z.boolean(),
    type: z.string().nullable(),
    totalCuts: z.number().int(),
    knivesCount: z.number().int(),
    licensedAt: z.iso.datetime().nullable(),
    network: NetworkSettingsViewSchema,
    networkContact: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
    networkSetupState: z.enum(NETWORK_SETUP_STATES),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'CuttingMachine' });
export type CuttingMachine = z.infer<typeof CuttingMachineSchema>;

/** One row of the admin dashboard: the machine with its licence and live state. */
export const CuttingMachineAdminViewSchema = CuttingMachineSchema.extend({
  renewalDate: z.iso.date().nullable(),
  annualNetCents: z.number().int().nullable(),
  onlineStatus: OnlineStatusSchema,
  status: MachineStatusSchema.nullable(),
  statusSince: z.iso.datetime().nullable(),
  /**
   * Cuts since local midnight in the `timeZone` of the request (UTC without one), counted by the
   * hour: in a zone with a half-hour offset the half hour before midnight counts too.
   */
  cutsToday: z.number().int(),
}).meta({ id: 'CuttingMachineAdminView' });

/** The admin views count today's cuts in the caller's time zone. */
export const AdminViewQuerySchema = z.strictObject({ timeZone: TimeZoneSchema.optional() });
export type CuttingMachineAdminView = z.infer<typeof CuttingMachineAdminViewSchema>;

/** A licence ordered (and invoiced) with a machine that is not installed yet. */
export const OrderedLicenceSchema = z
  .object({
    id: z.uuid(),
    manufacturer: z.string().nullable(),
    model: z.string().nullable(),
    /** the order (and invoice) date; the licence runs from then */
    orderedAt: z.iso.datetime(),
    invoiceNumber: z.string().nullable(),
  })
  .meta({ id: 'OrderedLicence' });
export type OrderedLicence = z.infer<typeof OrderedLicenceSchema>;

export const LicensingSummarySchema = z
  .object({
    /** machines that have a licence */
    licensedMachines: z.number().int(),
    /** machines without one */
    unlicensedMachines: z.number().int(),
    /** licences naming a serial number that no machine has */
    unusedLicences: z.number().int(),
    /** licences ordered with a machine that awaits its installation (paid, not yet on a machine) */
    orderedLicences: z.array(OrderedLicenceSchema),
    /** every valid licence: licensed machines, unused and ordered ones */
    licences: z.number().int(),
    renewalDate: z.iso.date(),
    /** what the licences cost a whole year, net: `licences` × 12 × `monthlyNetCentsPerMachine` */
    annualNetCents: z.number().int(),
    monthlyNetCentsPerMachine: z.number().int(),
    /** the invoicing currency chosen at registration (EUR without one) */
    currency: z.enum(['EUR', 'CHF', 'GBP']),
  })
  .meta({ id: 'LicensingSummary' });

export const MachinesAdminViewSchema = z
  .object({ machines: z.array(CuttingMachineAdminViewSchema), licensing: LicensingSummarySchema })
  .meta({ id: 'MachinesAdminView' });

// ---------------------------------------------------------------------------------------------
// Config options: the knife swap interval per location, machine and knife (product.md §3, §7), and Kerf's
// no-cuts prompt delay per location and machine (an addition, issue 12)

export const CONFIG_OPTION_SCOPES = ['PRINTING_SHOP', 'MACHINE', 'KNIFE'] as const;
export const CONFIG_OPTION_TYPES = ['KNIFE_SWAP_INTERVAL', 'NO_CUTS_PROMPT_DELAY'] as const;
export const ConfigOptionScopeSchema = z.enum(CONFIG_OPTION_SCOPES);
export const ConfigOptionTypeSchema = z.enum(CONFIG_OPTION_TYPES);
export type ConfigOptionType = (typeof CONFIG_OPTION_TYPES)[number];

/** The interval that applies when none is set on knife, machine or location. */
export const DEFAULT_KNIFE_SWAP_INTERVAL = 3000;

/**
 * Each type's value rule and the scopes it can be set on. The body schema accepts any integer of
 * their union; the server checks the type's own bounds (`validation.INVALID_INPUT`, field `value`,
 * TOO_SMALL / TOO_BIG with the limit).
 */
export const CONFIG_OPTION_RULES = {
  KNIFE_SWAP_INTERVAL: {
    min: KNIFE_SWAP_INTERVAL_MIN,
    max: KNIFE_SWAP_INTERVAL_MAX,
    default: DEFAULT_KNIFE_SWAP_INTERVAL,
    scopes: ['PRINTING_SHOP', 'MACHINE', 'KNIFE'],
    schema: KnifeSwapIntervalSchema,
  },
  NO_CUTS_PROMPT_DELAY: {
    min: NO_CUTS_PROMPT_DELAY_MIN,
    max: NO_CUTS_PROMPT_DELAY_MAX,
    default: DEFAULT_NO_CUTS_PROMPT_DELAY,
    scopes: ['PRINTING_SHOP', 'MACHINE'],
    schema: NoCutsPromptDelaySchema,
  },
} as const satisfies Record<
  ConfigOptionType,
  {
    min: number;
    max: number;
    default: number;
    scopes: readonly (typeof CONFIG_OPTION_SCOPES)[number][];
    schema: z.ZodNumber;
  }
>;

/** A value of any config option type; its type's own bounds are checked by the server. */
const ConfigOptionNumberSchema = z
  .number()
  .int()
  .min(Math.min(KNIFE_SWAP_INTERVAL_MIN, NO_CUTS_PROMPT_DELAY_MIN))
  .max(Math.max(KNIFE_SWAP_INTERVAL_MAX, NO_CUTS_PROMPT_DELAY_MAX))
  .describe(
    `KNIFE_SWAP_INTERVAL: cuts, ${KNIFE_SWAP_INTERVAL_MIN}–${KNIFE_SWAP_INTERVAL_MAX}; NO_CUTS_PROMPT_DELAY: minutes, ${NO_CUTS_PROMPT_DELAY_MIN}–${NO_CUTS_PROMPT_DELAY_MAX}`,
  );

export const ConfigOptionValueSchema = z
  .strictObject({ value: ConfigOptionNumberSchema })
  .meta({ id: 'ConfigOptionValue' });

const configOptionState = <const S extends readonly [string, ...string[]]>(sources: S) =>
  z.object({
    /** set on this object itself, or null when it inherits */
    value: z.number().int().nullable(),
    /** what applies: own value, else the parent's, else the default */
    effective: z.number().int(),
    source: z.enum(sources),
  });

export const ConfigOptionsSchema = z
  .object({
    KNIFE_SWAP_INTERVAL: configOptionState(['KNIFE', 'MACHINE', 'PRINTING_SHOP', 'DEFAULT']),
    /** minutes; locations and machines only (absent for a knife) */
    NO_CUTS_PROMPT_DELAY: configOptionState(['MACHINE', 'PRINTING_SHOP', 'DEFAULT']).optional(),
  })
  .meta({ id: 'ConfigOptions' });

/** The object of a config option: a location or machine id (UUID) or a knife's RFID tag id. */
export const ConfigObjectIdSchema = identifier(
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[0-9A-Za-z-]+$/),
);

const ConfigOptionParamsSchema = z.strictObject({
  scope: ConfigOptionScopeSchema,
  type: ConfigOptionTypeSchema,
  id: ConfigObjectIdSchema,
});
const ConfigOptionBatchParamsSchema = z.strictObject({
  scope: ConfigOptionScopeSchema,
  type: ConfigOptionTypeSchema,
});

// ---------------------------------------------------------------------------------------------
// Network admin of the tenant (dashboard)

export const NetworkAdminSchema = z
  .strictObject({
    name: optionalText(100),
    phone: PhoneSchema.nullable().optional(),
    email: z.email().max(254).nullable().optional(),
  })
  .meta({ id: 'NetworkAdmin' });

// ---------------------------------------------------------------------------------------------
// Employees of the printing shop

export const EmployeeSchema = UserSchema.extend({ printingShopIds: z.array(z.uuid()) }).meta({
  id: 'Employee',
});
export type Employee = z.infer<typeof EmployeeSchema>;

export const UserPrintingShopsSchema = z
  .strictObject({ printingShopIds: z.array(z.uuid()).max(1000) })
  .meta({ id: 'UserPrintingShops' });

const uuidList = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
      .flatMap((v) => String(v).split(','))
      .map((v) => v.trim())
      .filter(Boolean),
  z.array(z.uuid()).max(1000),
);

// ---------------------------------------------------------------------------------------------
// Routes (product.md §7 "Printing-shop server")

const MODULE = 'printing-shop' as const;
const ADMIN_ERRORS = ['service.printing-shops.PRINTING_SHOP_NOT_FOUND'] as const;

export const listPrintingShops = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/printing-shops',
  summary: 'Locations with machine and employee counts; sortable; view WITH_UPTIME adds the 24 h uptime',
  access: 'locations:read',
  query: PrintingShopListQuerySchema,
  responses: { 200: pageSchema(PrintingShopSchema).meta({ id: 'PrintingShopPage' }) },
  errors: [],
});

export const createPrintingShop = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/printing-shops',
  summary: 'Create a location',
  access: 'locations:manage',
  body: LocationInputSchema,
  responses: { 201: PrintingShopSchema },
  errors: [],
});

export const listPrintingShopsMinimal = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/printing-shops/minimal-info',
  summary: 'Id and name of every location (page 0, size 1000 by default)',
  access: 'locations:read',
  query: pageQuerySchema(1000),
  responses: { 200: pageSchema(MinimalInfoSchema).meta({ id: 'MinimalInfoPage' }) },
  errors: [],
});

export const listAssignedPrintingShops = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/printing-shops/assigned-self',
  summary: 'The locations the signed-in user is assigned to',
  access: 'authenticated',
  responses: { 200: z.array(MinimalInfoSchema) },
  errors: [],
});

export const getPrintingShop = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/printing-shops/:id',
  summary: 'One location',
  access: 'locations:read',
  params: IdParamsSchema,
  responses: { 200: PrintingShopSchema },
  errors: ADMIN_ERRORS,
});

export const updatePrintingShop = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/printing-shops/:id',
  summary: 'Change a location',
  access: 'locations:manage',
  params: IdParamsSchema,
  body: LocationInputSchema,
  responses: { 200: PrintingShopSchema },
  errors: ADMIN_ERRORS,
});

export const deletePrintingShop = defineRoute({
  module: MODULE,
  method: 'DELETE',
  path: '/printing-shops/:id',
  summary: 'Delete a location that has no employees and no machines left',
  access: 'locations:manage',
  params: IdParamsSchema,
  responses: { 204: null },
  errors: [
    ...ADMIN_ERRORS,
    'service.printing-shops.PRINTING_SHOP_HAS_USERS',
    'service.printing-shops.PRINTING_SHOP_HAS_MACHINES',
  ],
});

export const listPrintingShopMachines = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/printing-shops/:id/cutting-machines',
  summary: 'The machines of a location',
  access: 'machines:read',
  apiScope: 'machines:read',
  params: IdParamsSchema,
  responses: { 200: z.array(CuttingMachineSchema) },
  errors: ADMIN_ERRORS,
});

export const listPrintingShopEmployees = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/printing-shops/:id/user-view',
  summary: 'The employees assigned to a location',
  access: 'users:read',
  params: IdParamsSchema,
  responses: { 200: z.array(EmployeeSchema) },
  errors: ADMIN_ERRORS,
});

export const getPrintingShopOptions = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/printing-shops/:id/options',
  summary: 'Config options of a location (knife swap interval, no-cuts prompt delay)',
  access: 'locations:read',
  params: IdParamsSchema,
  responses: { 200: ConfigOptionsSchema },
  errors: ADMIN_ERRORS,
});

export const setUserPrintingShops = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/users/:id/printing-shops',
  summary: 'Assign an employee to locations (replaces the assignment)',
  access: 'users:manage',
  params: IdParamsSchema,
  body: UserPrintingShopsSchema,
  responses: { 200: EmployeeSchema },
  errors: ['authentication.USER_NOT_FOUND', 'authentication.ROLE_NOT_ASSIGNABLE'],
});

export const listEmployees = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/users',
  summary: 'Employees, optionally only those of some locations',
  access: 'users:read',
  query: pageQuerySchema(20).extend({
    locationIds: uuidList.optional(),
    search: searchText(100).optional(),
  }),
  responses: { 200: pageSchema(EmployeeSchema).meta({ id: 'EmployeePage' }) },
  errors: [],
});

export const createCuttingMachine = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/cutting-machines',
  summary: 'Create an installed machine',
  access: 'machines:manage',
  body: CuttingMachineInputSchema,
  responses: { 201: CuttingMachineSchema },
  errors: [
    'service.printing-shops.SERIAL_NUMBER_NOT_FREE',
    'service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED',
  ],
});

export const listMachineWidths = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines/widths',
  summary: 'The distinct cutting widths of the machines, in millimetres',
  access: 'machines:read',
  responses: { 200: z.array(z.number().int()) },
  errors: [],
});

export const listUnusedSerialNumbers = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines/serial-numbers/unused',
  summary: 'Serial numbers of licences that no machine uses yet',
  access: 'machines:manage',
  responses: { 200: z.array(z.string()) },
  errors: [],
});

export const getMachinesAdminView = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines/admin-view',
  summary:
    'Dashboard: every machine with licence, online status, current status and cuts, and the licensing summary',
  access: 'machines:manage',
  query: AdminViewQuerySchema,
  responses: { 200: MachinesAdminViewSchema },
  errors: [],
});

export const licenseCuttingMachine = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/cutting-machines/:id/licence',
  summary: 'Gives an installed machine one of the licences ordered (and invoiced) for a new machine',
  access: 'licences:manage',
  params: IdParamsSchema,
  body: z.strictObject({ licenceId: z.uuid().optional() }).meta({ id: 'LicenseMachineRequest' }),
  responses: { 200: CuttingMachineSchema },
  errors: [
    'service.printing-shops.MACHINE_NOT_FOUND',
    'service.printing-shops.MACHINE_ALREADY_LICENSED',
    'service.printing-shops.NO_ORDERED_LICENCE',
  ],
  specAddition:
    'product.md §2 names "license new machine" in the dashboard menu; a machine ordered at registration is paid before it is installed, and this gives the installed machine its licence (issue 32)',
});

export const getSerialsGroupedByPrintingShop = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines/serials-grouped-by-printing-shop-ids',
  summary: 'Serial numbers of the machines per location',
  access: 'machines:read',
  query: z.strictObject({ printingShopIds: uuidList.optional() }),
  responses: { 200: z.record(z.string(), z.array(z.string())) },
  errors: [],
});

export const getCuttingMachine = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines/:id',
  summary: 'One machine',
  access: 'machines:read',
  apiScope: 'machines:read',
  params: IdParamsSchema,
  responses: { 200: CuttingMachineSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});

export const getCuttingMachineAdminView = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines/:id/admin-view',
  summary: 'One machine with licence, online status, current status and cuts',
  access: 'machines:manage',
  params: IdParamsSchema,
  query: AdminViewQuerySchema,
  responses: { 200: CuttingMachineAdminViewSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});

export const updateCuttingMachine = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/cutting-machines/:id',
  summary: 'Change a machine, its network settings and contact',
  access: 'machines:manage',
  params: IdParamsSchema,
  body: CuttingMachineInputSchema,
  responses: { 200: CuttingMachineSchema },
  errors: [
    'service.printing-shops.MACHINE_NOT_FOUND',
    'service.printing-shops.SERIAL_NUMBER_NOT_FREE',
    'service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED',
  ],
});

export const deleteCuttingMachine = defineRoute({
  module: MODULE,
  method: 'DELETE',
  path: '/cutting-machines/:id',
  summary: 'Delete a machine (its history stays; its agent credential is revoked)',
  access: 'machines:manage',
  params: IdParamsSchema,
  responses: { 204: null },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});

export const getCuttingMachineOptions = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines/:id/options',
  summary: 'Config options of a machine (knife swap interval, no-cuts prompt delay, with what they inherit)',
  access: 'machines:read',
  params: IdParamsSchema,
  responses: { 200: ConfigOptionsSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});

export const setConfigOption = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/config-options/scope/:scope/type/:type/object/:id',
  summary: 'Set a config option on a location, machine or knife',
  access: 'knife-intervals:manage',
  params: ConfigOptionParamsSchema,
  body: ConfigOptionValueSchema,
  responses: { 200: ConfigOptionsSchema },
  errors: [
    'service.printing-shops.PRINTING_SHOP_NOT_FOUND',
    'service.printing-shops.MACHINE_NOT_FOUND',
    'service.knives.KNIFE_NOT_FOUND',
  ],
});

export const deleteConfigOption = defineRoute({
  module: MODULE,
  method: 'DELETE',
  path: '/config-options/scope/:scope/type/:type/object/:id',
  summary: 'Remove a config option; the object inherits again',
  access: 'knife-intervals:manage',
  params: ConfigOptionParamsSchema,
  responses: { 204: null },
  errors: [
    'service.printing-shops.PRINTING_SHOP_NOT_FOUND',
    'service.printing-shops.MACHINE_NOT_FOUND',
    'service.knives.KNIFE_NOT_FOUND',
  ],
});

export const setConfigOptionBatch = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/config-options/scope/:scope/type/:type/batch',
  summary: 'Set a config option on several objects at once (all or none)',
  access: 'knife-intervals:manage',
  params: ConfigOptionBatchParamsSchema,
  body: z.strictObject({
    objectIds: z.array(ConfigObjectIdSchema).min(1).max(1000),
    value: ConfigOptionNumberSchema,
  }),
  responses: { 204: null },
  errors: [
    'service.printing-shops.PRINTING_SHOP_NOT_FOUND',
    'service.printing-shops.MACHINE_NOT_FOUND',
    'service.knives.KNIFE_NOT_FOUND',
  ],
});

export const getNetworkAdmin = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/network-admin',
  summary: "The tenant's network administrator (shown on the dashboard, used by the setup assistant)",
  access: 'locations:read',
  responses: { 200: NetworkAdminSchema },
  errors: [],
});

export const setNetworkAdmin = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/network-admin',
  summary: "Set the tenant's network administrator",
  access: 'network:manage',
  body: NetworkAdminSchema,
  responses: { 200: NetworkAdminSchema },
  errors: [],
});
