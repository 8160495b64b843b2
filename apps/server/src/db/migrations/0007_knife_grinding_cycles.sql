CREATE TABLE "grinding_cycles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"rfid" text NOT NULL,
	"sharpened_at" timestamp with time zone NOT NULL,
	"cuts_in_cycle" bigint DEFAULT 0 NOT NULL,
	"height" double precision,
	"back_thickness" double precision,
	"angle_vf" double precision,
	"angle_hf" double precision,
	"angle_tm" double precision,
	"grinding_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grinding_cycles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "knives" ADD COLUMN "original_height" double precision;--> statement-breakpoint
ALTER TABLE "knives" ADD COLUMN "original_back_thickness" double precision;--> statement-breakpoint
ALTER TABLE "grinding_cycles" ADD CONSTRAINT "grinding_cycles_tenant_id_rfid_knives_tenant_id_rfid_fk" FOREIGN KEY ("tenant_id","rfid") REFERENCES "public"."knives"("tenant_id","rfid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grinding_cycles_rfid_sharpened_idx" ON "grinding_cycles" USING btree ("tenant_id","rfid","sharpened_at");