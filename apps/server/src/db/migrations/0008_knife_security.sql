-- Row-level security of the knife module's grinding cycles (docs/decisions/0003-tenant-isolation.md).
ALTER TABLE grinding_cycles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE grinding_cycles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON grinding_cycles TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON grinding_cycles TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- Knives registered before the originals were kept: what they measure now is the best known original.
UPDATE knives SET original_height = height WHERE original_height IS NULL;
--> statement-breakpoint
UPDATE knives SET original_back_thickness = back_thickness WHERE original_back_thickness IS NULL;
