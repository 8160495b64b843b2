import { z } from 'zod';

/** The kind of customer account a tenant is; it decides which roles its users may hold. */
export const TENANT_KINDS = ['PRINTING_SHOP', 'GRINDING_SHOP', 'MANUFACTURER', 'PROVIDER'] as const;
export const TenantKindSchema = z.enum(TENANT_KINDS);
export type TenantKind = z.infer<typeof TenantKindSchema>;

/** The 11 roles of product.md §6. */
export const ROLES = [
  'SYSTEM_ADMIN',
  'ADMIN_MANUFACTURER',
  'MANUFACTURER',
  'ADMIN_PRINTING_SHOP',
  'PRINTING_SHOP_MANAGER',
  'PRINTING_SHOP_OPERATOR',
  'ADMIN_GRINDING_SHOP',
  'GRINDER',
  'ADMIN_CUSTOMER_SERVICE',
  'SERVICE_USER_SUPPORT',
  'SERVICE_USER_DEV',
] as const;
export const RoleSchema = z.enum(ROLES).meta({ id: 'Role' });
export type Role = z.infer<typeof RoleSchema>;

export const ROLE_TENANT_KIND: Record<Role, TenantKind> = {
  SYSTEM_ADMIN: 'PROVIDER',
  ADMIN_CUSTOMER_SERVICE: 'PROVIDER',
  SERVICE_USER_SUPPORT: 'PROVIDER',
  SERVICE_USER_DEV: 'PROVIDER',
  ADMIN_MANUFACTURER: 'MANUFACTURER',
  MANUFACTURER: 'MANUFACTURER',
  ADMIN_PRINTING_SHOP: 'PRINTING_SHOP',
  PRINTING_SHOP_MANAGER: 'PRINTING_SHOP',
  PRINTING_SHOP_OPERATOR: 'PRINTING_SHOP',
  ADMIN_GRINDING_SHOP: 'GRINDING_SHOP',
  GRINDER: 'GRINDING_SHOP',
};

/**
 * Operations a role may perform. Each endpoint declares the one it needs; the service checks it,
 * the web app uses the same strings only to hide what the user may not do.
 */
export const PERMISSIONS = [
  // own account
  'self:read',
  'self:update',
  // employees and roles of the own tenant
  'users:read',
  'users:manage',
  'roles:read',
  // tenants
  'tenants:read',
  /** cross-tenant: every tenant, through the audited platform path */
  'tenants:read-all',
  'audit:read',
  /** the system admin area: tenants, users of every tenant, mail outbox, audit log, ingest, jobs, metrics */
  'platform:manage',
  /** a ZIP of every row of the own tenant (the tenant admin's data export) */
  'tenant-data:export',
  // printing shop
  'locations:read',
  'locations:manage',
  'machines:read',
  'machines:manage',
  'network:manage',
  'licences:manage',
  'machine:operate',
  'orders:manage',
  /** import planned orders (cutting jobs) from the ERP, as CSV or JSON (issue 18) */
  'orders:import',
  'knives:read',
  'knives:manage',
  'knife-intervals:manage',
  'reports:read',
  // grinding shop
  'grinding-locations:manage',
  'grinding:perform',
  // customer service
  'service-areas:manage',
  /** customers of the own service areas (all customers for the customer-service admin), audited */
  'customer-service:read',
  'machine-access:use',
  /** gate-manager diagnostics of remote-service connections (developers) */
  'machine-access:diagnostics',
  /** the customer's contact person (support) */
  'customer-contacts:read',
  // manufacturers (docs/decisions/0016-customer-service-access.md)
  /** machines of the own make at customers who granted access, audited */
  'manufacturer-fleet:read',
  /** a tenant admin grants and revokes a manufacturer's read access */
  'manufacturer-access:manage',
  /** the tenant's API keys and webhooks (integration API, issue 18) */
  'integrations:manage',
  /** works-council mode: per-employee reports only under pseudonyms (issue 18) */
  'works-council:manage',
  /** the own notifications (knife swaps, machines offline, long interruptions) and their e-mail choice (issue 18) */
  'notifications:read',
  /** the tenant's notification rules: shift window, interruption threshold (issue 18) */
  'notifications:configure',
  /** the own scheduled report e-mails (issue 18) */
  'report-mails:manage',
  // live events
  'live:subscribe',
  /**
   * the shop-floor board of one location (issue 36): held by no role; only a board link's secret
   * passes it, and that secret passes nothing else (lib/route.ts)
   */
  'board:view',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

const EVERY_USER: Permission[] = ['self:read', 'self:update', 'roles:read', 'tenants:read'];
/** Customer service sees the customers of its service areas only, never every tenant (ADR 0016). */
const SERVICE_VIEWER: Permission[] = [...EVERY_USER, 'customer-service:read', 'reports:read'];

/** The permission matrix. product.md §6 gives the outline; the cells are Kerf's decision (docs/decisions). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  SYSTEM_ADMIN: [
    ...SERVICE_VIEWER,
    'tenants:read-all',
    'users:read',
    'users:manage',
    'audit:read',
    'service-areas:manage',
    'platform:manage',
  ],
  ADMIN_CUSTOMER_SERVICE: [
    ...SERVICE_VIEWER,
    'tenants:read-all',
    'users:read',
    'users:manage',
    'service-areas:manage',
    'customer-contacts:read',
  ],
  // Support talks to the customer (contacts); the developer looks into the connection (diagnostics).
  SERVICE_USER_SUPPORT: [...SERVICE_VIEWER, 'machine-access:use', 'customer-contacts:read'],
  SERVICE_USER_DEV: [...SERVICE_VIEWER, 'machine-access:use', 'machine-access:diagnostics'],
  ADMIN_MANUFACTURER: [...EVERY_USER, 'users:read', 'users:manage', 'manufacturer-fleet:read'],
  MANUFACTURER: [...EVERY_USER, 'manufacturer-fleet:read'],
  ADMIN_PRINTING_SHOP: [
    ...EVERY_USER,
    'users:read',
    'users:manage',
    'locations:read',
    'locations:manage',
    'machines:read',
    'machines:manage',
    'network:manage',
    'licences:manage',
    'knife-intervals:manage',
    'live:subscribe',
    'audit:read',
    'manufacturer-access:manage',
    'integrations:manage',
    'works-council:manage',
    'tenant-data:export',
    'notifications:read',
    'notifications:configure',
    'orders:import',
  ],
  PRINTING_SHOP_MANAGER: [
    ...EVERY_USER,
    'users:read',
    'locations:read',
    'machines:read',
    'knives:read',
    'knives:manage',
    'knife-intervals:manage',
    'reports:read',
    'orders:manage',
    'orders:import',
    'live:subscribe',
    'notifications:read',
    'report-mails:manage',
  ],
  PRINTING_SHOP_OPERATOR: [
    ...EVERY_USER,
    'machines:read',
    'machine:operate',
    'orders:manage',
    'live:subscribe',
  ],
  ADMIN_GRINDING_SHOP: [
    ...EVERY_USER,
    'users:read',
    'users:manage',
    'grinding-locations:manage',
    'knives:read',
    'tenant-data:export',
  ],
  GRINDER: [...EVERY_USER, 'knives:read', 'grinding:perform'],
};

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles a user of the given role may give to others (`GET /roles?assignable_only=true`). */
export const ASSIGNABLE_ROLES: Record<Role, readonly Role[]> = {
  SYSTEM_ADMIN: ['SYSTEM_ADMIN', 'ADMIN_CUSTOMER_SERVICE', 'SERVICE_USER_SUPPORT', 'SERVICE_USER_DEV'],
  ADMIN_CUSTOMER_SERVICE: ['ADMIN_CUSTOMER_SERVICE', 'SERVICE_USER_SUPPORT', 'SERVICE_USER_DEV'],
  SERVICE_USER_SUPPORT: [],
  SERVICE_USER_DEV: [],
  ADMIN_MANUFACTURER: ['ADMIN_MANUFACTURER', 'MANUFACTURER'],
  MANUFACTURER: [],
  ADMIN_PRINTING_SHOP: ['ADMIN_PRINTING_SHOP', 'PRINTING_SHOP_MANAGER', 'PRINTING_SHOP_OPERATOR'],
  PRINTING_SHOP_MANAGER: [],
  PRINTING_SHOP_OPERATOR: [],
  ADMIN_GRINDING_SHOP: ['ADMIN_GRINDING_SHOP', 'GRINDER'],
  GRINDER: [],
};

/** The web area a user lands in after login (product.md §2). */
export const ROLE_AREAS = {
  SYSTEM_ADMIN: 'system-admin',
  ADMIN_CUSTOMER_SERVICE: 'service-admin',
  SERVICE_USER_SUPPORT: 'service',
  SERVICE_USER_DEV: 'service',
  ADMIN_MANUFACTURER: 'manufacturer',
  MANUFACTURER: 'manufacturer',
  ADMIN_PRINTING_SHOP: 'printing-admin',
  PRINTING_SHOP_MANAGER: 'printing-manager',
  PRINTING_SHOP_OPERATOR: 'operator',
  ADMIN_GRINDING_SHOP: 'grinding-admin',
  GRINDER: 'grinder',
} as const satisfies Record<Role, string>;
export type Area = (typeof ROLE_AREAS)[Role];
