-- Row-level security and grants of the website tables (docs/decisions/0003-tenant-isolation.md, 0012).
-- registrations, registration_tokens, invoices: tenant tables, visible and writable only under their tenant.
ALTER TABLE registrations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE registrations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON registrations TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON registrations TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE registration_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE registration_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON registration_tokens TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON registration_tokens TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- Invoices are never changed or deleted once issued (no UPDATE, no DELETE).
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON invoices TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoices TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
-- Invoice numbers run without gaps across all tenants (German invoicing law: "fortlaufend").
CREATE SEQUENCE invoice_number_seq START 1001;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE invoice_number_seq TO kerf_app;
--> statement-breakpoint
-- Contact requests hold no tenant data: the website stores them through the audited platform role,
-- the system admins read them there. A tenant never sees them.
ALTER TABLE contact_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE contact_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON contact_requests TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_access ON contact_requests TO kerf_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The mail outbox: queued in the transaction that causes a mail (a tenant's or the platform's);
-- read, and marked sent, by the platform role only.
ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mail_outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT INSERT ON mail_outbox TO kerf_app;
--> statement-breakpoint
CREATE POLICY queue_only ON mail_outbox FOR INSERT TO kerf_app WITH CHECK (sent_at IS NULL);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON mail_outbox TO kerf_platform;
--> statement-breakpoint
CREATE POLICY platform_access ON mail_outbox TO kerf_platform USING (true) WITH CHECK (true);
