-- Knife custody as one state (issue 29) and knife identity across companies (issue 31);
-- docs/decisions/0018-cross-tenant-knife-custody.md.
--
-- 1. The knife's state is the one truth every screen shows: ACTIVE, AT_GRINDER, SHIPPED_BACK or
--    SCRAPPED. Today's rows map as they are: SHIPPED was "away at a grinding shop" (AT_GRINDER);
--    knives the grinding shop shipped back before this migration were made ACTIVE at that moment,
--    so their stays count as received back when they were shipped.
UPDATE knives SET state = 'AT_GRINDER' WHERE state = 'SHIPPED';
--> statement-breakpoint
UPDATE knives SET state = 'SCRAPPED' WHERE scrapped AND state <> 'SCRAPPED';
--> statement-breakpoint
UPDATE knife_custody SET delivered_at = returned_at WHERE returned_at IS NOT NULL AND delivered_at IS NULL;
--> statement-breakpoint
ALTER TABLE knives ADD CONSTRAINT knives_state_check
  CHECK (state IN ('ACTIVE', 'AT_GRINDER', 'SHIPPED_BACK', 'SCRAPPED'));
--> statement-breakpoint
-- 2. The owner receives a knife shipped back: it may update its stays once they are shipped back
--    and not yet received (the grinding shop's own policy ends when it ships them back).
CREATE POLICY owner_receives ON knife_custody FOR UPDATE TO kerf_app
  USING (printing_tenant_id = kerf_current_tenant() AND returned_at IS NOT NULL AND delivered_at IS NULL)
  WITH CHECK (printing_tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- 3. RFID conflicts at a grinding shop: the refused printing shop writes and reads its own; the
--    grinding shop reads those at its shop; the printing shop whose stay of that RFID at that
--    grinding shop was open at that moment reads them too. A plain EXISTS under the caller's own
--    row-level security on knife_custody (it sees only its own stays): no definer, no BYPASSRLS.
ALTER TABLE rfid_conflicts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE rfid_conflicts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON rfid_conflicts TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON rfid_conflicts TO kerf_app
  USING (printing_tenant_id = kerf_current_tenant()) WITH CHECK (printing_tenant_id = kerf_current_tenant());
--> statement-breakpoint
CREATE POLICY grinding_shop_reads ON rfid_conflicts FOR SELECT TO kerf_app
  USING (grinding_tenant_id = kerf_current_tenant());
--> statement-breakpoint
CREATE POLICY holding_owner_reads ON rfid_conflicts FOR SELECT TO kerf_app
  USING (EXISTS (SELECT 1 FROM knife_custody c
    WHERE c.printing_tenant_id = kerf_current_tenant() AND c.grinding_tenant_id = rfid_conflicts.grinding_tenant_id
      AND c.rfid = rfid_conflicts.rfid AND c.sent_at <= rfid_conflicts.at
      AND coalesce(c.returned_at, c.scrapped_at, 'infinity'::timestamptz) >= rfid_conflicts.at));
