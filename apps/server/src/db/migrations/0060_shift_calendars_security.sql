-- Row-level security and grants of the shift calendar tables (issue 36; docs/decisions/0003-tenant-isolation.md,
-- 0012): every row belongs to one tenant and kerf_app sees only its own. A calendar is replaced as a
-- whole, so the app deletes and inserts its shifts, breaks and holidays.
ALTER TABLE location_calendars ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE location_calendars FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON location_calendars TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON location_calendars TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE location_shifts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE location_shifts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON location_shifts TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON location_shifts TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE location_shift_breaks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE location_shift_breaks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON location_shift_breaks TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON location_shift_breaks TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE location_holidays ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE location_holidays FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON location_holidays TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON location_holidays TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
