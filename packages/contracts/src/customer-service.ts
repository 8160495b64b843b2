import { z } from 'zod';
import { CreateUserSchema, TenantSchema, UserSchema } from './auth';
import {
  CsvFileSchema,
  IdParamsSchema,
  LanguageSchema,
  listOf,
  pageQuerySchema,
  pageSchema,
  TimeZoneSchema,
} from './common';
import { CountrySchema } from './printing-shop';
import { RoleSchema } from './roles';
import { defineRoute } from './route';
import { MachineStatusSchema, OnlineStatusSchema, SERIAL_PATTERN } from './telemetry';
import { identifier, searchText, text } from './text';

/**
 * Customer service and manufacturers (product.md §2 "Customer-service admin", "Customer service"; product.md §7
 * "Customer service", prefix /api/customer-service). The provider's staff and machine manufacturers
 * are the only users who read other tenants' rows. Every such read runs through the platform role
 * (`withPlatform`), limited to the customers of the user's service areas (support, developer) or to
 * the customers who granted a manufacturer access, and is written to the audit log of the actor's
 * tenant and of every tenant it read (docs/decisions/0016-customer-service-access.md).
 */

// ---------------------------------------------------------------------------------------------
// Service areas (product.md §3 "Service area: id, name")

/** The roles a customer-service admin creates (product.md §7 `POST /users`). */
export const SERVICE_ROLES = ['ADMIN_CUSTOMER_SERVICE', 'SERVICE_USER_SUPPORT', 'SERVICE_USER_DEV'] as const;

const uuidIds = z.array(z.uuid()).max(1000);

/** Create and change a service area. `value` is its name: product.md §7 "PUT sends value". */
export const ServiceAreaInputSchema = z
  .strictObject({
    value: text({ min: 1, max: 100 }),
    /** the customers (printing or grinding shops) the area looks after */
    tenantIds: uuidIds.default([]),
  })
  .meta({ id: 'ServiceAreaRequest' });
export type ServiceAreaInput = z.input<typeof ServiceAreaInputSchema>;

export const CustomerSummarySchema = z
  .object({ id: z.uuid(), slug: z.string(), name: z.string(), kind: TenantSchema.shape.kind })
  .meta({ id: 'CustomerSummary' });
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

export const ServiceAreaSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    customers: z.array(CustomerSummarySchema),
    employeeCount: z.number().int(),
    machineCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'ServiceArea' });
export type ServiceArea = z.infer<typeof ServiceAreaSchema>;

/** A customer-service employee with the service areas they belong to (several allowed, product.md §3). */
export const ServiceEmployeeSchema = UserSchema.extend({ serviceAreaIds: z.array(z.uuid()) }).meta({
  id: 'ServiceEmployee',
});
export type ServiceEmployee = z.infer<typeof ServiceEmployeeSchema>;

export const UserServiceAreasSchema = z
  .strictObject({ serviceAreaIds: uuidIds })
  .meta({ id: 'UserServiceAreas' });

export const CreateServiceUserSchema = CreateUserSchema.extend({
  role: z.enum(SERVICE_ROLES),
  serviceAreaIds: uuidIds.default([]),
}).meta({ id: 'CreateServiceUser' });
export type CreateServiceUser = z.input<typeof CreateServiceUserSchema>;

// ---------------------------------------------------------------------------------------------
// Customers and their machines, as customer service sees them

/** The customer's network administrator: contact data, shown to support (not to developers). */
export const CustomerContactSchema = z
  .object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() })
  .meta({ id: 'CustomerContact' });

export const CustomerSchema = CustomerSummarySchema.extend({
  active: z.boolean(),
  serviceAreas: z.array(z.object({ id: z.uuid(), name: z.string() })),
  machineCount: z.number().int(),
  onlineMachineCount: z.number().int(),
}).meta({ id: 'Customer' });
export type Customer = z.infer<typeof CustomerSchema>;

export const ServiceMachineSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    tenantName: z.string(),
    name: z.string(),
    serialNumber: z.string(),
    manufacturer: z.string().nullable(),
    type: z.string().nullable(),
    locationName: z.string().nullable(),
    country: CountrySchema.nullable(),
    licensedAt: z.iso.datetime().nullable(),
    onlineStatus: OnlineStatusSchema,
    status: MachineStatusSchema.nullable(),
    statusSince: z.iso.datetime().nullable(),
    lastSeenAt: z.iso.datetime().nullable(),
    totalCuts: z.number().int(),
    /** the remote-service connection open right now, if any */
    activeAccessId: z.uuid().nullable(),
  })
  .meta({ id: 'ServiceMachine' });
export type ServiceMachine = z.infer<typeof ServiceMachineSchema>;

export const CustomerDetailsSchema = z
  .object({
    customer: CustomerSchema,
    /** null for users without `customer-contacts:read` (developers) */
    contact: CustomerContactSchema.nullable(),
    machines: z.array(ServiceMachineSchema),
  })
  .meta({ id: 'CustomerDetails' });
export type CustomerDetails = z.infer<typeof CustomerDetailsSchema>;

export const SearchViewSchema = z
  .object({
    customers: z.array(CustomerSummarySchema),
    machines: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        serialNumber: z.string(),
        tenantId: z.uuid(),
        tenantName: z.string(),
      }),
    ),
  })
  .meta({ id: 'SearchView' });
export type SearchView = z.infer<typeof SearchViewSchema>;

// ---------------------------------------------------------------------------------------------
// Machine accesses: remote-service connections through the gate manager (glossary)

/**
 * REMOTE_DESKTOP: the machine's control panel on screen; VPN: a network tunnel to the machine's
 * subnet; LOG_DOWNLOAD: the control's log files (kept 30 days at most, product.md §9).
 */
export const SERVICE_TYPES = ['REMOTE_DESKTOP', 'VPN', 'LOG_DOWNLOAD'] as const;
export const ServiceTypeSchema = z.enum(SERVICE_TYPES).meta({ id: 'ServiceType' });
export type ServiceType = z.infer<typeof ServiceTypeSchema>;

/** ACTIVE: open now; CLOSED: ended by the service user or after the time limit; FAILED: the gate manager could not reach the site manager. */
export const MACHINE_ACCESS_STATES = ['ACTIVE', 'CLOSED', 'FAILED'] as const;
export const MachineAccessStateSchema = z.enum(MACHINE_ACCESS_STATES).meta({ id: 'MachineAccessState' });
export type MachineAccessState = z.infer<typeof MachineAccessStateSchema>;

/** The longest a remote-service connection stays open; the gate manager closes it then. */
export const MACHINE_ACCESS_MAX_MINUTES = 120;

/** Connection diagnostics, shown to developers only (`machine-access:diagnostics`). */
export const MachineAccessDiagnosticsSchema = z
  .object({
    gateManager: z.string(),
    siteManagerSerial: z.string().nullable(),
    protocol: z.string(),
    latencyMs: z.number().int().nullable(),
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'MachineAccessDiagnostics' });

export const MachineAccessSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    tenantName: z.string(),
    machineId: z.uuid(),
    machineName: z.string(),
    serialNumber: z.string(),
    serviceType: ServiceTypeSchema,
    state: MachineAccessStateSchema,
    /** who opened it */
    userName: z.string(),
    userRole: RoleSchema.nullable(),
    openedAt: z.iso.datetime(),
    closedAt: z.iso.datetime().nullable(),
    /** null for users without `machine-access:diagnostics` */
    diagnostics: MachineAccessDiagnosticsSchema.nullable(),
  })
  .meta({ id: 'MachineAccess' });
export type MachineAccess = z.infer<typeof MachineAccessSchema>;

const SerialParamSchema = identifier(z.string().regex(SERIAL_PATTERN));

export const MachineAccessQuerySchema = pageQuerySchema(20).extend({
  serialNumber: SerialParamSchema.optional(),
  tenantId: z.uuid().optional(),
  state: MachineAccessStateSchema.optional(),
});

export const ServiceMachineDetailsSchema = z
  .object({
    machine: ServiceMachineSchema,
    /** cuts and RUNNING time of the last 24 hours */
    cutsLast24h: z.number().int(),
    runningSecondsLast24h: z.number().int(),
    accesses: z.array(MachineAccessSchema),
  })
  .meta({ id: 'ServiceMachineDetails' });
export type ServiceMachineDetails = z.infer<typeof ServiceMachineDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Audit: what a tenant's admin sees of the cross-tenant reads of its data

export const ACCESS_LOG_KINDS = ['CUSTOMER_SERVICE', 'MANUFACTURER'] as const;

export const SupportAccessSchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    /** the platform operation, e.g. `customer-service.customer.read` */
    action: z.string(),
    actorName: z.string(),
    actorRole: RoleSchema.nullable(),
    actorTenantName: z.string(),
    /** what was looked at: a machine's serial number, a connection, a list */
    targetType: z.string().nullable(),
    targetLabel: z.string().nullable(),
  })
  .meta({ id: 'SupportAccess' });
export type SupportAccess = z.infer<typeof SupportAccessSchema>;

// ---------------------------------------------------------------------------------------------
// Manufacturers

export const ManufacturerAccessSchema = z
  .object({
    manufacturerId: z.uuid(),
    name: z.string(),
    /** the make on the machines this manufacturer sees, e.g. `Polar` */
    make: z.string(),
    /** how many of this tenant's machines carry the make */
    machineCount: z.number().int(),
    granted: z.boolean(),
    grantedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ManufacturerAccess' });
export type ManufacturerAccess = z.infer<typeof ManufacturerAccessSchema>;

export const ManufacturerParamsSchema = z.strictObject({ manufacturerId: z.uuid() });

/** One machine of the manufacturer's make at a customer who granted access. No employee data. */
export const FleetMachineSchema = z
  .object({
    id: z.uuid(),
    customerName: z.string(),
    country: CountrySchema.nullable(),
    name: z.string(),
    serialNumber: z.string(),
    type: z.string().nullable(),
    cuttingWidth: z.number().int().nullable(),
    onlineStatus: OnlineStatusSchema,
    status: MachineStatusSchema.nullable(),
    totalCuts: z.number().int(),
    /** over the last `days` */
    cuts: z.number().int(),
    runningSeconds: z.number().int(),
    knivesUsed: z.number().int(),
  })
  .meta({ id: 'FleetMachine' });
export type FleetMachine = z.infer<typeof FleetMachineSchema>;

export const FleetQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(366).default(30),
  search: searchText(100).optional(),
});

export const FleetSchema = z
  .object({
    make: z.string(),
    days: z.number().int(),
    machines: z.array(FleetMachineSchema),
  })
  .meta({ id: 'Fleet' });

// ---------------------------------------------------------------------------------------------
// Routes (product.md §7 "Customer service")

const MODULE = 'customer-service' as const;
const AREA_ERRORS = ['service.customer-service.SERVICE_AREA_NOT_FOUND'] as const;
const CUSTOMER_ERRORS = ['service.customer-service.CUSTOMER_NOT_FOUND'] as const;
const MACHINE_ERRORS = ['service.customer-service.MACHINE_NOT_FOUND'] as const;

export const listServiceAreas = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/service-areas',
  summary: 'Service areas with their customers and counts of employees and machines',
  access: 'service-areas:manage',
  responses: { 200: z.array(ServiceAreaSchema) },
  errors: [],
});

export const createServiceArea = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/service-areas',
  summary: 'Create a service area (value: its name) with the customers it looks after',
  access: 'service-areas:manage',
  body: ServiceAreaInputSchema,
  responses: { 201: ServiceAreaSchema },
  errors: ['service.customer-service.SERVICE_AREA_NAME_TAKEN', ...CUSTOMER_ERRORS],
});

export const getServiceArea = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/service-areas/:id',
  summary: 'One service area',
  access: 'service-areas:manage',
  params: IdParamsSchema,
  responses: { 200: ServiceAreaSchema },
  errors: AREA_ERRORS,
});

export const updateServiceArea = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/service-areas/:id',
  summary: 'Rename a service area (value) and replace its customers',
  access: 'service-areas:manage',
  params: IdParamsSchema,
  body: ServiceAreaInputSchema,
  responses: { 200: ServiceAreaSchema },
  errors: [...AREA_ERRORS, 'service.customer-service.SERVICE_AREA_NAME_TAKEN', ...CUSTOMER_ERRORS],
});

export const deleteServiceArea = defineRoute({
  module: MODULE,
  method: 'DELETE',
  path: '/service-areas/:id',
  summary: 'Delete a service area without employees (product.md §5); refused with who is still there',
  access: 'service-areas:manage',
  params: IdParamsSchema,
  responses: { 204: null },
  errors: [...AREA_ERRORS, 'service.customer-service.SERVICE_AREA_HAS_USERS'],
});

export const listServiceAreaEmployees = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/service-areas/:id/user-view',
  summary: 'The customer-service employees of a service area',
  access: 'service-areas:manage',
  params: IdParamsSchema,
  responses: { 200: z.array(ServiceEmployeeSchema) },
  errors: AREA_ERRORS,
});

export const listServiceAreaMachines = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/service-areas/:id/cutting-machines',
  summary: 'The machines of the customers of a service area',
  specAddition: 'product.md §2 "service-area details with employees and machines tables" needs the machines.',
  access: 'service-areas:manage',
  params: IdParamsSchema,
  responses: { 200: z.array(ServiceMachineSchema) },
  errors: AREA_ERRORS,
});

export const listServiceEmployees = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/users',
  summary: 'Every customer-service employee with their service areas',
  specAddition: 'the employees overview of the customer-service admin (product.md §2).',
  access: 'service-areas:manage',
  responses: { 200: z.array(ServiceEmployeeSchema) },
  errors: [],
});

export const createServiceUser = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/users',
  summary: 'Create a customer-service employee (admin, support or developer) in service areas',
  access: 'service-areas:manage',
  body: CreateServiceUserSchema,
  responses: { 201: ServiceEmployeeSchema },
  errors: [
    'authentication.USER_ALREADY_EXISTS',
    'authentication.ROLE_NOT_ASSIGNABLE',
    'service.customer-service.SERVICE_AREA_NOT_FOUND',
  ],
});

export const getUserServiceAreas = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/users/:id/service-areas',
  summary: 'The service areas an employee belongs to',
  access: 'service-areas:manage',
  params: IdParamsSchema,
  responses: { 200: UserServiceAreasSchema },
  errors: ['authentication.USER_NOT_FOUND'],
});

export const setUserServiceAreas = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/users/:id/service-areas',
  summary: 'Put an employee into service areas (replaces the assignment)',
  access: 'service-areas:manage',
  params: IdParamsSchema,
  body: UserServiceAreasSchema,
  responses: { 200: ServiceEmployeeSchema },
  errors: ['authentication.USER_NOT_FOUND', 'authentication.ROLE_NOT_ASSIGNABLE', ...AREA_ERRORS],
});

export const listCustomers = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/tenants',
  summary: 'The customers the user looks after (all of them for the customer-service admin); audited',
  specAddition: 'the clients list of product.md §2 "Customer service", limited to the service areas.',
  access: 'customer-service:read',
  query: z.strictObject({ search: searchText(100).optional() }),
  responses: { 200: z.array(CustomerSchema) },
  errors: [],
});

export const searchView = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/search-view',
  summary: 'Autocomplete over customers, machines and serial numbers in the user’s service areas; audited',
  access: 'customer-service:read',
  query: z.strictObject({ search: searchText(100) }),
  responses: { 200: SearchViewSchema },
  errors: [],
});

export const getCustomerUserView = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/customer-service/:shopId/user-view',
  summary: 'A customer as customer service sees it: contact (support), machines with online status; audited',
  access: 'customer-service:read',
  params: z.strictObject({ shopId: z.uuid() }),
  responses: { 200: CustomerDetailsSchema },
  errors: CUSTOMER_ERRORS,
});

export const listServiceMachines = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/cutting-machines',
  summary: 'The machines of the customers the user looks after; audited',
  specAddition: 'the machines list of product.md §2 "Customer service".',
  access: 'customer-service:read',
  query: z.strictObject({ search: searchText(100).optional(), tenantId: z.uuid().optional() }),
  responses: { 200: z.array(ServiceMachineSchema) },
  errors: [],
});

export const getMachineBySerial = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/serials/:serial',
  summary: 'A machine by its serial number, with its last 24 hours and its connections; audited',
  access: 'customer-service:read',
  params: z.strictObject({ serial: SerialParamSchema }),
  responses: { 200: ServiceMachineDetailsSchema },
  errors: MACHINE_ERRORS,
});

export const listMachineAccesses = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/machine-accesses',
  summary: 'Remote-service connections (who, when, service type, state), newest first; audited',
  access: 'customer-service:read',
  query: MachineAccessQuerySchema,
  responses: { 200: pageSchema(MachineAccessSchema).meta({ id: 'MachineAccessPage' }) },
  errors: [],
});

export const getMachineAccess = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/machine-accesses/:id',
  summary: 'One remote-service connection; audited',
  access: 'customer-service:read',
  params: IdParamsSchema,
  responses: { 200: MachineAccessSchema },
  errors: ['service.customer-service.MACHINE_ACCESS_NOT_FOUND'],
});

export const closeMachineAccess = defineRoute({
  module: MODULE,
  method: 'DELETE',
  path: '/machine-accesses/:id',
  summary: 'End an open remote-service connection',
  access: 'machine-access:use',
  params: IdParamsSchema,
  responses: { 200: MachineAccessSchema },
  errors: ['service.customer-service.MACHINE_ACCESS_NOT_FOUND'],
});

export const openMachineService = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/:serial/services/:serviceType',
  summary: 'Open a remote-service connection of a type to a machine through the gate manager',
  access: 'machine-access:use',
  params: z.strictObject({ serial: SerialParamSchema, serviceType: ServiceTypeSchema }),
  responses: { 201: MachineAccessSchema },
  errors: [...MACHINE_ERRORS, 'service.customer-service.MACHINE_ACCESS_ACTIVE'],
});

export const exportCustomersCsv = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/reports/csv-export',
  summary:
    'CSV of all or of the selected customers: machines, licences, online status, uptime and cuts over `days`; audited',
  specAddition:
    'the reports page of product.md §2 "Customer service" (CSV export of all or selected tenants).',
  access: 'customer-service:read',
  query: z.strictObject({
    tenantIds: listOf(z.uuid()).optional(),
    days: z.coerce.number().int().min(1).max(366).default(30),
    /** the user's language: separators, headers, labels and local times (docs/exports.md) */
    lang: LanguageSchema.optional(),
    /** the zone the timestamps are written in */
    timeZone: TimeZoneSchema.default('UTC'),
  }),
  responses: { 200: CsvFileSchema },
  errors: CUSTOMER_ERRORS,
});

export const getManufacturerFleet = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/manufacturer-view/cutting-machines',
  summary:
    'Machines of the manufacturer’s make at the customers who granted it access: online status, run time, cuts, knives; audited',
  specAddition: 'product.md §6 "manufacturer": the fleet of the own make, read-only.',
  access: 'manufacturer-fleet:read',
  query: FleetQuerySchema,
  responses: { 200: FleetSchema },
  errors: [],
});

// Under /api/printing-shop: what the tenant's admin controls and sees of these cross-tenant reads.

export const listSupportAccesses = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/support-accesses',
  summary: 'Who from customer service or a manufacturer looked at what of this tenant, newest first',
  specAddition: 'the tenant sees every audited cross-tenant read of its data (issue 14).',
  access: 'audit:read',
  query: pageQuerySchema(20),
  responses: { 200: pageSchema(SupportAccessSchema).meta({ id: 'SupportAccessPage' }) },
  errors: [],
});

export const listManufacturerAccesses = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/manufacturer-accesses',
  summary:
    'Machine manufacturers, how many machines of their make the tenant has and whether they may see them',
  specAddition: 'the tenant admin grants and revokes a manufacturer’s read access (issue 14).',
  access: 'manufacturer-access:manage',
  responses: { 200: z.array(ManufacturerAccessSchema) },
  errors: [],
});

export const grantManufacturerAccess = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/manufacturer-accesses/:manufacturerId',
  summary: 'Let a manufacturer see this tenant’s machines of its make (read-only, no employee data)',
  specAddition: 'the tenant admin grants a manufacturer’s read access (issue 14).',
  access: 'manufacturer-access:manage',
  params: ManufacturerParamsSchema,
  responses: { 200: ManufacturerAccessSchema },
  errors: ['service.customer-service.MANUFACTURER_NOT_FOUND'],
});

export const revokeManufacturerAccess = defineRoute({
  module: 'printing-shop',
  method: 'DELETE',
  path: '/manufacturer-accesses/:manufacturerId',
  summary: 'Withdraw a manufacturer’s access',
  specAddition: 'the tenant admin revokes a manufacturer’s read access (issue 14).',
  access: 'manufacturer-access:manage',
  params: ManufacturerParamsSchema,
  responses: { 200: ManufacturerAccessSchema },
  errors: ['service.customer-service.MANUFACTURER_NOT_FOUND'],
});

export const customerServiceRoutes = [
  listServiceAreas,
  createServiceArea,
  getServiceArea,
  updateServiceArea,
  deleteServiceArea,
  listServiceAreaEmployees,
  listServiceAreaMachines,
  listServiceEmployees,
  createServiceUser,
  getUserServiceAreas,
  setUserServiceAreas,
  listCustomers,
  searchView,
  getCustomerUserView,
  listServiceMachines,
  getMachineBySerial,
  listMachineAccesses,
  getMachineAccess,
  closeMachineAccess,
  openMachineService,
  exportCustomersCsv,
  getManufacturerFleet,
  listSupportAccesses,
  listManufacturerAccesses,
  grantManufacturerAccess,
  revokeManufacturerAccess,
] as const;
