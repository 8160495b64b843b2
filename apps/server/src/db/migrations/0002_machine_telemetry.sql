CREATE TABLE "cutting_jobs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"machine_id" uuid NOT NULL,
	"parent_job_id" uuid,
	"name" text NOT NULL,
	"order_number" text,
	"program_number" text,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"cuts" bigint DEFAULT 0 NOT NULL,
	"processing_seconds" integer DEFAULT 0 NOT NULL,
	"downtime_seconds" integer DEFAULT 0 NOT NULL,
	"support_seconds" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cutting_jobs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cutting_machines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid,
	"name" text NOT NULL,
	"designation" text,
	"manufacturer" text,
	"serial_number" text NOT NULL,
	"type" text,
	"cutting_width" integer,
	"knife_swap_interval" integer,
	"knives_count" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"licensed_at" timestamp with time zone,
	"network_password" text,
	"network_connection" text,
	"network_address_mode" text,
	"ip_address" text,
	"subnet_mask" text,
	"gateway" text,
	"dns_server" text,
	"network_name" text,
	"wifi_security" text,
	"wifi_password" text,
	"network_contact_name" text,
	"network_contact_phone" text,
	"network_setup_state" text DEFAULT 'UNKNOWN' NOT NULL,
	"total_cuts" bigint DEFAULT 0 NOT NULL,
	"last_cut_at" timestamp with time zone,
	"current_status" text,
	"status_since" timestamp with time zone,
	"current_operator_id" uuid,
	"current_job_id" uuid,
	"current_knife_rfid" text,
	"knife_changed_at" timestamp with time zone,
	"presence" text,
	"presence_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cutting_machines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "knives" (
	"tenant_id" uuid NOT NULL,
	"rfid" text NOT NULL,
	"article_number" text,
	"knife_class_name" text,
	"angle_vf" double precision,
	"angle_hf" double precision,
	"angle_tm" double precision,
	"height" double precision,
	"back_thickness" double precision,
	"carrier_material" text,
	"material" text,
	"rotation" integer DEFAULT 0 NOT NULL,
	"cuts_since_last_grinding" bigint DEFAULT 0 NOT NULL,
	"total_cuts" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"scrapped" boolean DEFAULT false NOT NULL,
	"knife_swap_interval" integer,
	"latest_scan_location_id" uuid,
	"latest_scan_machine_id" uuid,
	"latest_scan_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knives_tenant_id_rfid_pk" PRIMARY KEY("tenant_id","rfid")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"street_number" text,
	"zip" text,
	"city" text,
	"country" text,
	"knife_swap_interval" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "machine_credentials" (
	"tenant_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"username" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "machine_credentials_tenant_id_machine_id_pk" PRIMARY KEY("tenant_id","machine_id")
);
--> statement-breakpoint
CREATE TABLE "cut_rollups_hourly" (
	"tenant_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"machine_id" uuid NOT NULL,
	"knife_rfid" text DEFAULT '' NOT NULL,
	"operator_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	"job_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	"cuts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cut_rollups_hourly_tenant_id_hour_machine_id_knife_rfid_operator_id_job_id_pk" PRIMARY KEY("tenant_id","hour","machine_id","knife_rfid","operator_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "knife_scans" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "knife_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rfid" text NOT NULL,
	"machine_id" uuid NOT NULL,
	"location_id" uuid,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"boot_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "knife_scans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "machine_status_intervals" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "machine_status_intervals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"machine_id" uuid NOT NULL,
	"status" text NOT NULL,
	"operator_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"source" text NOT NULL,
	"boot_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "machine_status_intervals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "cutting_jobs" ADD CONSTRAINT "cutting_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cutting_machines" ADD CONSTRAINT "cutting_machines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knives" ADD CONSTRAINT "knives_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_credentials" ADD CONSTRAINT "machine_credentials_tenant_id_machine_id_cutting_machines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","machine_id") REFERENCES "public"."cutting_machines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cutting_jobs_tenant_machine_started_idx" ON "cutting_jobs" USING btree ("tenant_id","machine_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cutting_machines_tenant_serial_key" ON "cutting_machines" USING btree ("tenant_id","serial_number");--> statement-breakpoint
CREATE INDEX "cutting_machines_tenant_location_idx" ON "cutting_machines" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_credentials_username_key" ON "machine_credentials" USING btree ("username");--> statement-breakpoint
CREATE INDEX "cut_rollups_hourly_machine_idx" ON "cut_rollups_hourly" USING btree ("tenant_id","machine_id","hour");--> statement-breakpoint
CREATE INDEX "cut_rollups_hourly_operator_idx" ON "cut_rollups_hourly" USING btree ("tenant_id","operator_id","hour");--> statement-breakpoint
CREATE UNIQUE INDEX "knife_scans_event_key" ON "knife_scans" USING btree ("tenant_id","machine_id","boot_id","seq");--> statement-breakpoint
CREATE INDEX "knife_scans_rfid_at_idx" ON "knife_scans" USING btree ("tenant_id","rfid","at");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_status_intervals_event_key" ON "machine_status_intervals" USING btree ("tenant_id","machine_id","boot_id","seq");--> statement-breakpoint
CREATE INDEX "machine_status_intervals_machine_started_idx" ON "machine_status_intervals" USING btree ("tenant_id","machine_id","started_at");