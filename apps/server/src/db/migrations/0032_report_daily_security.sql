-- Row-level security and grants of the daily report aggregates (docs/decisions/0003-tenant-isolation.md,
-- 0012): exactly as the hourly rollups in 0003. Telemetry writes them in the ingest's tenant
-- transaction; the report module reads them.
ALTER TABLE cut_rollups_daily ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cut_rollups_daily FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON cut_rollups_daily TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cut_rollups_daily TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE status_times_daily ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE status_times_daily FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON status_times_daily TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON status_times_daily TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
