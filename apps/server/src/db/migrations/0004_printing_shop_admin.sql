CREATE TABLE "machine_licences" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"serial_number" text NOT NULL,
	"licensed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_licences_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_locations" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "user_locations_tenant_id_user_id_location_id_pk" PRIMARY KEY("tenant_id","user_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "network_admin_name" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "network_admin_phone" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "network_admin_email" text;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "machine_licences_tenant_serial_key" ON "machine_licences" USING btree ("tenant_id","serial_number");--> statement-breakpoint
CREATE INDEX "user_locations_location_idx" ON "user_locations" USING btree ("tenant_id","location_id");