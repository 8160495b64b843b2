-- Row-level security of the setup assistant's table (docs/decisions/0003-tenant-isolation.md).
ALTER TABLE setup_check_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE setup_check_runs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON setup_check_runs TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON setup_check_runs TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- The admin sets the tenant's site manager serial number (docs/product.md, setup assistant) on its own tenant row, nothing more.
GRANT UPDATE (site_manager_serial) ON tenants TO kerf_app;
