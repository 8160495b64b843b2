export { tenantKeys } from './api/keys';
export { listTenants, useAllTenants } from './api/list-tenants';
export { TenantsPage } from './components/tenants-page';
