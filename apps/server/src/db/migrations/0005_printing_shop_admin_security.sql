-- Row-level security of the printing-shop administration tables (docs/decisions/0003-tenant-isolation.md).
ALTER TABLE user_locations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_locations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON user_locations TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_locations TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE machine_licences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE machine_licences FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON machine_licences TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON machine_licences TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- A serial number names one physical machine: it may be in use by one tenant only. The unique
-- index is what lets a tenant learn, without reading any other tenant's row, that a serial is
-- already assigned elsewhere (service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED).
CREATE UNIQUE INDEX cutting_machines_serial_in_use_key ON cutting_machines (serial_number) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- A tenant may change only its network admin contact on its own tenant row, not its name, kind or state.
REVOKE UPDATE ON tenants FROM kerf_app;
--> statement-breakpoint
GRANT UPDATE (network_admin_name, network_admin_phone, network_admin_email, updated_at) ON tenants TO kerf_app;
