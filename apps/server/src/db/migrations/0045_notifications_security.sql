-- Row-level security and grants of the notification tables (docs/decisions/0003-tenant-isolation.md,
-- 0012; docs/architecture.md "Notifications"). Every row belongs to one tenant and kerf_app sees only
-- its own; the notification job and the report-mail job run under each tenant in turn.
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON notifications TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notifications TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE notification_preferences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notification_preferences FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON notification_preferences TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notification_preferences TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE notification_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notification_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON notification_settings TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notification_settings TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
--> statement-breakpoint
ALTER TABLE report_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE report_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON report_subscriptions TO kerf_app;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_subscriptions TO kerf_app
  USING (tenant_id = kerf_current_tenant()) WITH CHECK (tenant_id = kerf_current_tenant());
