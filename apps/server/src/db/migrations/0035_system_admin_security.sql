-- The system admin's cross-tenant work (issue 18), all through withPlatform (audited):
-- users of every tenant (search, deactivate), the audit log of every tenant, and log retention.
GRANT SELECT (tenant_id, id, username, first_name, last_name, display_name, role, deleted_at, email, active, created_at)
  ON users TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_system_read ON users FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
-- Deactivation only: the platform role may change a user's active flag, nothing else of the row.
GRANT UPDATE (active, updated_at) ON users TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_deactivate ON users FOR UPDATE TO kerf_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The audit log across tenants, and its retention: rows younger than a day can never be deleted.
GRANT SELECT, DELETE ON audit_log TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_read ON audit_log FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
CREATE POLICY platform_retention ON audit_log FOR DELETE TO kerf_platform USING (at < now() - interval '1 day');
--> statement-breakpoint
-- Retention of delivered mail (the outbox's policy already lets the platform role see every row).
GRANT DELETE ON mail_outbox TO kerf_platform;
