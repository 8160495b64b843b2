-- Row-level security and grants of the team tables (docs/decisions/0003-tenant-isolation.md, 0012):
-- every row belongs to one tenant and kerf_app sees only its own.
ALTER TABLE teams ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE teams FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON teams TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON teams TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE team_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE team_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON team_members TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON team_members TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- Session retention (the log-retention job, through kerf_platform, audited): it may see and delete
-- only sessions that ended (expired or revoked) more than a day ago; their refresh tokens go with
-- them (ON DELETE CASCADE). Nothing else of a session is readable by the platform role.
GRANT SELECT (tenant_id, id, expires_at, revoked_at), DELETE ON sessions TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_retention_read ON sessions FOR SELECT TO kerf_platform
  USING (least(expires_at, coalesce(revoked_at, expires_at)) < now() - interval '1 day');
--> statement-breakpoint
CREATE POLICY platform_retention ON sessions FOR DELETE TO kerf_platform
  USING (least(expires_at, coalesce(revoked_at, expires_at)) < now() - interval '1 day');
