/** The system admin's blocks: tenants, users across tenants, mail outbox, audit log, ingest and jobs. */

export { AuditLogTable } from './components/audit-admin';
export { MailOutboxTable } from './components/mails-admin';
export { EventLoopPanel, IngestHealthPanel, JobsTable } from './components/operations-admin';
export { TenantExportButton } from './components/tenant-export-button';
export { SystemTenantsTable } from './components/tenants-admin';
export { SystemUsersTable } from './components/users-admin';
