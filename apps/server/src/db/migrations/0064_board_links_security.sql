-- Row-level security and grants of the board links (issue 36 item 3; docs/decisions/0003-tenant-isolation.md,
-- 0012): every row belongs to one tenant and kerf_app sees only its own. A board's secret is looked up
-- under the tenant its secret names, never across tenants. Links are revoked, not deleted; a deleted
-- location takes its links with it (the foreign key's cascade).
ALTER TABLE board_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE board_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON board_links TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON board_links TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
