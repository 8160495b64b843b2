ALTER TABLE "machine_credentials" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
-- The broker's sign-in reads whether a refusal is on record, to clear it on the next good secret.
GRANT SELECT (refused_at) ON machine_credentials TO kerf_auth;
