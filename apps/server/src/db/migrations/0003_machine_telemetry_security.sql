-- Machine telemetry (issue 4): raw cuts partitioned by month, and tenant isolation of every new table
--> statement-breakpoint
-- exactly as in 0001_tenant_isolation.sql. Keep this file valid on PostgreSQL 15 and PGlite (PG 18).
--> statement-breakpoint
CREATE TABLE cuts (
  tenant_id uuid NOT NULL,
  at timestamp with time zone NOT NULL,
  machine_id uuid NOT NULL,
  boot_id uuid NOT NULL,
  seq bigint NOT NULL,
  knife_rfid text,
  operator_id uuid,
  job_id uuid,
  CONSTRAINT cuts_pkey PRIMARY KEY (tenant_id, machine_id, boot_id, seq, at)
) PARTITION BY RANGE (at);
--> statement-breakpoint
CREATE INDEX cuts_tenant_at_idx ON cuts (tenant_id, at);
--> statement-breakpoint
-- Monthly partitions for 2025-2027 and a default partition for anything outside them. Each partition
-- gets the parent's isolation too, so a direct read of a partition is isolated as well.
DO $$
DECLARE
  month date := DATE '2025-01-01';
  part text;
BEGIN
  WHILE month < DATE '2028-01-01' LOOP
    part := 'cuts_' || to_char(month, 'YYYY_MM');
    EXECUTE format('CREATE TABLE %I PARTITION OF cuts FOR VALUES FROM (%L) TO (%L)', part, month, (month + INTERVAL '1 month')::date);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', part);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', part);
    EXECUTE format('GRANT SELECT, INSERT ON %I TO kerf_app', part);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I TO kerf_app USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant())', part);
    month := (month + INTERVAL '1 month')::date;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TABLE cuts_default PARTITION OF cuts DEFAULT;
--> statement-breakpoint
ALTER TABLE cuts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cuts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON cuts TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cuts TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE cuts_default ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cuts_default FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON cuts_default TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cuts_default TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE locations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE locations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON locations TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON locations TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE cutting_machines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cutting_machines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON cutting_machines TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cutting_machines TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE machine_credentials ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE machine_credentials FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON machine_credentials TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON machine_credentials TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE knives ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE knives FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON knives TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON knives TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE cutting_jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cutting_jobs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON cutting_jobs TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cutting_jobs TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE machine_status_intervals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE machine_status_intervals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON machine_status_intervals TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON machine_status_intervals TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE knife_scans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE knife_scans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON knife_scans TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON knife_scans TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE cut_rollups_hourly ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cut_rollups_hourly FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON cut_rollups_hourly TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cut_rollups_hourly TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- The embedded broker checks machine credentials before a tenant is known: read only, sign-in role.
--> statement-breakpoint
GRANT SELECT (tenant_id, machine_id, username, secret_hash, revoked_at) ON machine_credentials TO kerf_auth;
--> statement-breakpoint
CREATE POLICY broker_sign_in ON machine_credentials FOR SELECT TO kerf_auth USING (true);
--> statement-breakpoint
-- Platform (customer service, system admin) reads machines across tenants through the audited path.
--> statement-breakpoint
GRANT SELECT ON locations, cutting_machines, knives TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_access ON cutting_machines FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
CREATE POLICY platform_access ON locations FOR SELECT TO kerf_platform USING (true);
--> statement-breakpoint
CREATE POLICY platform_access ON knives FOR SELECT TO kerf_platform USING (true);
