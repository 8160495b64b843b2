CREATE TABLE "rfid_conflicts" (
	"printing_tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"grinding_tenant_id" uuid NOT NULL,
	"partnership_id" uuid NOT NULL,
	"grinding_shop_name" text NOT NULL,
	"rfid" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"refused_by" uuid,
	CONSTRAINT "rfid_conflicts_printing_tenant_id_id_pk" PRIMARY KEY("printing_tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "knife_custody" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knife_custody" ADD COLUMN "delivered_by" uuid;--> statement-breakpoint
ALTER TABLE "rfid_conflicts" ADD CONSTRAINT "rfid_conflicts_printing_tenant_id_tenants_id_fk" FOREIGN KEY ("printing_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_conflicts" ADD CONSTRAINT "rfid_conflicts_grinding_tenant_id_tenants_id_fk" FOREIGN KEY ("grinding_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_conflicts_id_key" ON "rfid_conflicts" USING btree ("id");--> statement-breakpoint
CREATE INDEX "rfid_conflicts_grinding_rfid_idx" ON "rfid_conflicts" USING btree ("grinding_tenant_id","rfid","at");--> statement-breakpoint
CREATE UNIQUE INDEX "knife_custody_grinder_open_rfid_key" ON "knife_custody" USING btree ("grinding_tenant_id","rfid") WHERE returned_at IS NULL AND scrapped_at IS NULL;