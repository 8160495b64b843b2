-- Row-level security of knife logistics between a printing shop and a grinding shop
-- (docs/decisions/0018-cross-tenant-knife-custody.md). Every row names both tenants; each policy
-- lets exactly those two in, as kerf_app with the transaction's own tenant. Isolation is never
-- switched off and nothing runs as a definer: the grinding shop reaches the owner's knife row only
-- through a policy that asks for an open stay (knife_custody) of that knife with it.
ALTER TABLE partnerships ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE partnerships FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON partnerships TO kerf_app;
--> statement-breakpoint
CREATE POLICY partners_read ON partnerships FOR SELECT TO kerf_app
  USING (printing_tenant_id = kerf_current_tenant() OR grinding_tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- Only the printing shop invites.
CREATE POLICY printing_shop_invites ON partnerships FOR INSERT TO kerf_app
  WITH CHECK (printing_tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- Either side accepts or ends; neither can move the row to another pair.
CREATE POLICY partners_update ON partnerships FOR UPDATE TO kerf_app
  USING (printing_tenant_id = kerf_current_tenant() OR grinding_tenant_id = kerf_current_tenant())
  WITH CHECK (printing_tenant_id = kerf_current_tenant() OR grinding_tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE shipments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE shipments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON shipments TO kerf_app;
--> statement-breakpoint
CREATE POLICY partners_read ON shipments FOR SELECT TO kerf_app
  USING (printing_tenant_id = kerf_current_tenant() OR grinding_tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- The printing shop sends to the grinder; the grinding shop sends back to the owner.
CREATE POLICY sender_inserts ON shipments FOR INSERT TO kerf_app
  WITH CHECK ((direction = 'TO_GRINDER' AND printing_tenant_id = kerf_current_tenant())
    OR (direction = 'TO_OWNER' AND grinding_tenant_id = kerf_current_tenant()));
--> statement-breakpoint
ALTER TABLE knife_custody ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE knife_custody FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON knife_custody TO kerf_app;
--> statement-breakpoint
CREATE POLICY partners_read ON knife_custody FOR SELECT TO kerf_app
  USING (printing_tenant_id = kerf_current_tenant() OR grinding_tenant_id = kerf_current_tenant());
--> statement-breakpoint
CREATE POLICY owner_sends ON knife_custody FOR INSERT TO kerf_app
  WITH CHECK (printing_tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- The grinding shop receives, ships back and scraps while the stay is open.
CREATE POLICY holder_updates ON knife_custody FOR UPDATE TO kerf_app
  USING (grinding_tenant_id = kerf_current_tenant() AND returned_at IS NULL AND scrapped_at IS NULL)
  WITH CHECK (grinding_tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- The owner's knife row, for the grinding shop that holds it now (sent, not yet back or scrapped).
CREATE POLICY holder_reads ON knives FOR SELECT TO kerf_app
  USING (EXISTS (SELECT 1 FROM knife_custody c
    WHERE c.printing_tenant_id = knives.tenant_id AND c.rfid = knives.rfid
      AND c.grinding_tenant_id = kerf_current_tenant() AND c.returned_at IS NULL AND c.scrapped_at IS NULL));
--> statement-breakpoint
CREATE POLICY holder_updates ON knives FOR UPDATE TO kerf_app
  USING (EXISTS (SELECT 1 FROM knife_custody c
    WHERE c.printing_tenant_id = knives.tenant_id AND c.rfid = knives.rfid
      AND c.grinding_tenant_id = kerf_current_tenant() AND c.returned_at IS NULL AND c.scrapped_at IS NULL))
  WITH CHECK (EXISTS (SELECT 1 FROM knife_custody c
    WHERE c.printing_tenant_id = knives.tenant_id AND c.rfid = knives.rfid
      AND c.grinding_tenant_id = kerf_current_tenant() AND c.returned_at IS NULL AND c.scrapped_at IS NULL));
--> statement-breakpoint
-- Grinding cycles: the grinding shop reads the ones it recorded, for good, and records new ones
-- only on a knife it holds; the owner keeps reading all of its knives' cycles (tenant_isolation).
CREATE POLICY grinder_reads_own ON grinding_cycles FOR SELECT TO kerf_app
  USING (grinding_tenant_id = kerf_current_tenant());
--> statement-breakpoint
CREATE POLICY grinder_records ON grinding_cycles FOR INSERT TO kerf_app
  WITH CHECK (grinding_tenant_id = kerf_current_tenant() AND EXISTS (SELECT 1 FROM knife_custody c
    WHERE c.id = grinding_cycles.custody_id AND c.printing_tenant_id = grinding_cycles.tenant_id
      AND c.rfid = grinding_cycles.rfid AND c.grinding_tenant_id = kerf_current_tenant()
      AND c.returned_at IS NULL AND c.scrapped_at IS NULL));
