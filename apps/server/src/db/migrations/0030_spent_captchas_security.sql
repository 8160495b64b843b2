-- Row-level security and grants of spent_captchas (docs/decisions/0003-tenant-isolation.md, 0012).
-- The website's public forms redeem captcha solutions before any tenant is known, as kerf_auth (like
-- the login throttle): insert a solved challenge's signature once, read whether it is spent, delete
-- expired ones. The table holds no tenant data; no other role may touch it.
ALTER TABLE spent_captchas ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE spent_captchas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON spent_captchas TO kerf_auth;
--> statement-breakpoint
CREATE POLICY captcha_redemption ON spent_captchas TO kerf_auth USING (true) WITH CHECK (true);
