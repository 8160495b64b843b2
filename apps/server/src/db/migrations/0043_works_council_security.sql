-- Row-level security and grants of works_council_settings (docs/decisions/0003-tenant-isolation.md,
-- 0012): one row per tenant, read and written by kerf_app under that tenant only.
ALTER TABLE works_council_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE works_council_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON works_council_settings TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON works_council_settings TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
