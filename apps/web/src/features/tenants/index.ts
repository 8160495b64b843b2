/** Tenants (clients of the platform): the query and the clients table. */
export { tenantKeys } from './api/keys';
export { listTenants, useAllTenants } from './api/tenants';
export { TenantsTable } from './components/tenants-table';
