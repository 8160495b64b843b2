CREATE TABLE "team_members" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	CONSTRAINT "team_members_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "cutting_jobs" ADD COLUMN "external_order_number" text;--> statement-breakpoint
ALTER TABLE "cutting_jobs" ADD COLUMN "planned_quantity" integer;--> statement-breakpoint
ALTER TABLE "cutting_jobs" ADD COLUMN "due_date" text;--> statement-breakpoint
ALTER TABLE "cutting_jobs" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "works_council_settings" ADD COLUMN "mode" text DEFAULT 'PSEUDONYMS' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_id_team_id_teams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_members_tenant_team_idx" ON "team_members" USING btree ("tenant_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_tenant_name_key" ON "teams" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cutting_jobs_tenant_external_key" ON "cutting_jobs" USING btree ("tenant_id","external_order_number") WHERE external_order_number IS NOT NULL;