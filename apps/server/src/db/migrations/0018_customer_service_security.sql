-- Row-level security of customer service and manufacturers (docs/decisions/0003-tenant-isolation.md,
-- 0016-customer-service-access.md). Tenant tables: the usual kerf_app tenant policy. The platform
-- role gets narrow, read-mostly policies: customer service and manufacturers read other tenants
-- only through it, and every such read is audited by the service that runs it.
ALTER TABLE service_areas ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE service_areas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON service_areas TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_areas TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE service_area_users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE service_area_users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON service_area_users TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_area_users TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE service_area_customers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE service_area_customers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON service_area_customers TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_area_customers TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE machine_accesses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE machine_accesses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON machine_accesses TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON machine_accesses TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE manufacturer_grants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE manufacturer_grants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON manufacturer_grants TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON manufacturer_grants TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- The manufacturer directory is public within the platform: every tenant admin lists it to grant access.
ALTER TABLE manufacturers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE manufacturers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT ON manufacturers TO kerf_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON manufacturers TO kerf_platform;
--> statement-breakpoint
CREATE POLICY directory_read ON manufacturers FOR SELECT TO kerf_app, kerf_platform USING (true);
--> statement-breakpoint
CREATE POLICY platform_write ON manufacturers FOR INSERT TO kerf_platform WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY platform_update ON manufacturers FOR UPDATE TO kerf_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Platform reads: which customers a service area looks after, who granted a manufacturer access.
GRANT SELECT ON service_areas, service_area_users, service_area_customers, manufacturer_grants TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_read ON service_areas FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
CREATE POLICY platform_read ON service_area_users FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
CREATE POLICY platform_read ON service_area_customers FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
CREATE POLICY platform_read ON manufacturer_grants FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
-- Remote-service connections are opened and closed by customer service in the machine's tenant; never deleted.
GRANT SELECT, INSERT, UPDATE ON machine_accesses TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_access ON machine_accesses TO kerf_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Uptime, cuts and licences for the customer-service report and the manufacturer's fleet (read only).
GRANT SELECT ON machine_status_intervals, cut_rollups_hourly, machine_licences TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_read ON machine_status_intervals FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
CREATE POLICY platform_read ON cut_rollups_hourly FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
CREATE POLICY platform_read ON machine_licences FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
-- Names of the platform's own people (provider and manufacturer staff) for the audit entries a
-- customer reads; never the password hash, never a customer's employees.
GRANT SELECT (tenant_id, id, username, first_name, last_name, display_name, role, deleted_at) ON users TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_staff_read ON users FOR SELECT TO kerf_platform
  USING (tenant_id IN (SELECT id FROM tenants WHERE kind IN ('PROVIDER', 'MANUFACTURER')));
