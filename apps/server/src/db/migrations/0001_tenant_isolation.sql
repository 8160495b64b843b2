-- Tenant isolation (docs/decisions/0003-tenant-isolation.md).
-- kerf_app:      every tenant request; sees only rows of the tenant set by the transaction helper.
-- kerf_auth:     sign-in before a tenant is known; reads tenant ids by slug and the login throttle, nothing else.
-- kerf_platform: audited cross-tenant reads for system admins and customer service; no BYPASSRLS.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kerf_app') THEN
    CREATE ROLE kerf_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kerf_auth') THEN
    CREATE ROLE kerf_auth NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kerf_platform') THEN
    CREATE ROLE kerf_platform NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;
--> statement-breakpoint
-- The connecting (migrating) user switches into these roles per transaction.
GRANT kerf_app, kerf_auth, kerf_platform TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kerf_app, kerf_auth, kerf_platform;
--> statement-breakpoint
CREATE FUNCTION kerf_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kerf_current_tenant() TO kerf_app, kerf_auth, kerf_platform;
--> statement-breakpoint
-- tenants: a tenant sees its own row; sign-in sees id, slug, kind and active of all; the platform role sees all.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, UPDATE ON tenants TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants TO kerf_app
  USING (id = kerf_current_tenant()) WITH CHECK (id = kerf_current_tenant());
--> statement-breakpoint
GRANT SELECT (id, slug, kind, active) ON tenants TO kerf_auth;
--> statement-breakpoint
CREATE POLICY sign_in_lookup ON tenants FOR SELECT TO kerf_auth USING (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON tenants TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_access ON tenants TO kerf_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- tenant tables: tenant_id leads every key; rows are visible and writable only under their tenant.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON users TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sessions TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sessions TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE refresh_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON refresh_tokens TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON refresh_tokens TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- audit_log is append-only for the app: no UPDATE, no DELETE.
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON audit_log TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_log TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- The platform role records its own cross-tenant accesses under the actor's tenant.
GRANT INSERT ON audit_log TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_audit ON audit_log FOR INSERT TO kerf_platform WITH CHECK (tenant_id IS NOT NULL);
--> statement-breakpoint
-- Reference data and sign-in counters hold no tenant data.
GRANT SELECT ON roles TO kerf_app, kerf_auth, kerf_platform;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON login_throttle TO kerf_auth;
--> statement-breakpoint
INSERT INTO roles (code, tenant_kind, sort_order) VALUES
  ('SYSTEM_ADMIN', 'PROVIDER', 1),
  ('ADMIN_CUSTOMER_SERVICE', 'PROVIDER', 2),
  ('SERVICE_USER_SUPPORT', 'PROVIDER', 3),
  ('SERVICE_USER_DEV', 'PROVIDER', 4),
  ('ADMIN_MANUFACTURER', 'MANUFACTURER', 5),
  ('MANUFACTURER', 'MANUFACTURER', 6),
  ('ADMIN_PRINTING_SHOP', 'PRINTING_SHOP', 7),
  ('PRINTING_SHOP_MANAGER', 'PRINTING_SHOP', 8),
  ('PRINTING_SHOP_OPERATOR', 'PRINTING_SHOP', 9),
  ('ADMIN_GRINDING_SHOP', 'GRINDING_SHOP', 10),
  ('GRINDER', 'GRINDING_SHOP', 11);
