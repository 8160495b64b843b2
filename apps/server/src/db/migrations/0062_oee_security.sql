-- Row-level security and grants of the ideal cut rates (issue 36; docs/decisions/0003-tenant-isolation.md,
-- 0012): every row belongs to one tenant and kerf_app sees only its own. An admin sets a machine's
-- rate (upsert) or removes it (back to the best hour).
ALTER TABLE machine_ideal_cut_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE machine_ideal_cut_rates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON machine_ideal_cut_rates TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON machine_ideal_cut_rates TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
