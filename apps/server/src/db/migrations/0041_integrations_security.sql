-- Row-level security and grants of the integration tables (docs/decisions/0003-tenant-isolation.md,
-- 0012, 0020). Every row belongs to one tenant and kerf_app sees only its own. The background job
-- that delivers webhooks learns which tenants have endpoints through kerf_platform (audited), reading
-- only the tenant ids of webhook_endpoints; everything else it does runs under the tenant.
ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE api_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON api_keys TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON api_keys TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_endpoints FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON webhook_endpoints TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_endpoints TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
GRANT SELECT (tenant_id, deleted_at) ON webhook_endpoints TO kerf_platform;
--> statement-breakpoint
CREATE POLICY delivery_job_tenants ON webhook_endpoints FOR SELECT TO kerf_platform USING (deleted_at IS NULL);
--> statement-breakpoint
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_deliveries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_deliveries TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_deliveries TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE webhook_cut_minutes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_cut_minutes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_cut_minutes TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_cut_minutes TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
