CREATE TABLE "setup_check_runs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"machine_id" uuid NOT NULL,
	"state" text NOT NULL,
	"checks" jsonb NOT NULL,
	"site_manager_serial" text,
	"requested_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "setup_check_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "setup_check_runs" ADD CONSTRAINT "setup_check_runs_tenant_id_machine_id_cutting_machines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","machine_id") REFERENCES "public"."cutting_machines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "setup_check_runs_tenant_machine_started_idx" ON "setup_check_runs" USING btree ("tenant_id","machine_id","started_at" desc);