-- Issue 31 "Trust between tenants" (docs/security.md).
-- Refused machine logins: one tenant's rows only, like every tenant table (ADR 0003).
ALTER TABLE machine_login_refusals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE machine_login_refusals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON machine_login_refusals TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON machine_login_refusals TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- Serial numbers: a serial belongs to the tenant it was licensed to, not to the first tenant that
-- types it in. The index over all tenants let anyone take another tenant's licensed-but-unused
-- serial (the owner then got 409) and told anyone, by 409 against 201, which serials exist. A
-- machine's serial is now unique within its tenant only (cutting_machines_tenant_serial_key);
-- whether a serial is the tenant's own is its licence, and a licence has one owner over all tenants.
DROP INDEX IF EXISTS cutting_machines_serial_in_use_key;
--> statement-breakpoint
CREATE UNIQUE INDEX machine_licences_serial_owner_key ON machine_licences (serial_number) WHERE cancelled_at IS NULL;
