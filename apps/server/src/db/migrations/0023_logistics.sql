CREATE TABLE "knife_custody" (
	"printing_tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"grinding_tenant_id" uuid NOT NULL,
	"rfid" text NOT NULL,
	"article_number" text,
	"knife_class_name" text,
	"outbound_shipment_id" uuid NOT NULL,
	"return_shipment_id" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"received_by" uuid,
	"returned_at" timestamp with time zone,
	"scrapped_at" timestamp with time zone,
	"scrapped_by" uuid,
	CONSTRAINT "knife_custody_printing_tenant_id_id_pk" PRIMARY KEY("printing_tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "partnerships" (
	"printing_tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"grinding_tenant_id" uuid NOT NULL,
	"printing_shop_name" text NOT NULL,
	"grinding_shop_name" text NOT NULL,
	"state" text DEFAULT 'INVITED' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by_tenant_id" uuid,
	CONSTRAINT "partnerships_printing_tenant_id_id_pk" PRIMARY KEY("printing_tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"printing_tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"grinding_tenant_id" uuid NOT NULL,
	"partnership_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_by" uuid,
	CONSTRAINT "shipments_printing_tenant_id_id_pk" PRIMARY KEY("printing_tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "grinding_cycles" ADD COLUMN "grinding_tenant_id" uuid;--> statement-breakpoint
ALTER TABLE "grinding_cycles" ADD COLUMN "custody_id" uuid;--> statement-breakpoint
ALTER TABLE "grinding_cycles" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "knife_custody" ADD CONSTRAINT "knife_custody_printing_tenant_id_rfid_knives_tenant_id_rfid_fk" FOREIGN KEY ("printing_tenant_id","rfid") REFERENCES "public"."knives"("tenant_id","rfid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_printing_tenant_id_tenants_id_fk" FOREIGN KEY ("printing_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_grinding_tenant_id_tenants_id_fk" FOREIGN KEY ("grinding_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knife_custody_id_key" ON "knife_custody" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "knife_custody_open_key" ON "knife_custody" USING btree ("printing_tenant_id","rfid") WHERE returned_at IS NULL AND scrapped_at IS NULL;--> statement-breakpoint
CREATE INDEX "knife_custody_grinding_rfid_idx" ON "knife_custody" USING btree ("grinding_tenant_id","rfid","sent_at");--> statement-breakpoint
CREATE INDEX "knife_custody_shipment_idx" ON "knife_custody" USING btree ("outbound_shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_id_key" ON "partnerships" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_open_pair_key" ON "partnerships" USING btree ("printing_tenant_id","grinding_tenant_id") WHERE state <> 'ENDED';--> statement-breakpoint
CREATE INDEX "partnerships_grinding_idx" ON "partnerships" USING btree ("grinding_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_id_key" ON "shipments" USING btree ("id");--> statement-breakpoint
CREATE INDEX "shipments_grinding_idx" ON "shipments" USING btree ("grinding_tenant_id","shipped_at");--> statement-breakpoint
CREATE INDEX "shipments_printing_shipped_idx" ON "shipments" USING btree ("printing_tenant_id","shipped_at");--> statement-breakpoint
CREATE INDEX "grinding_cycles_grinding_tenant_idx" ON "grinding_cycles" USING btree ("grinding_tenant_id","rfid");