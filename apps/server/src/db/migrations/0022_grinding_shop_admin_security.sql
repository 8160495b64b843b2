-- Row-level security of the grinding shop's own tables (docs/decisions/0003-tenant-isolation.md):
-- the usual kerf_app tenant policy. Its locations and employees live in `locations` and `users`,
-- which carry their policies already.
ALTER TABLE grinding_machines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE grinding_machines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON grinding_machines TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON grinding_machines TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE current_locations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE current_locations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON current_locations TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON current_locations TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
