-- OEE in the reports (issue 36 item 2): the rejects the operator records when closing an order, and
-- the ideal cut rate configured per machine (no row: the best hour of the last 30 days).
ALTER TABLE "cutting_jobs" ADD COLUMN "startup_rejects" integer;
--> statement-breakpoint
ALTER TABLE "cutting_jobs" ADD COLUMN "production_rejects" integer;
--> statement-breakpoint
ALTER TABLE "cutting_jobs" ADD CONSTRAINT "cutting_jobs_rejects_check" CHECK (("cutting_jobs"."startup_rejects" IS NULL OR "cutting_jobs"."startup_rejects" >= 0) AND ("cutting_jobs"."production_rejects" IS NULL OR "cutting_jobs"."production_rejects" >= 0));
--> statement-breakpoint
CREATE TABLE "machine_ideal_cut_rates" (
	"tenant_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"cuts_per_hour" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_ideal_cut_rates_tenant_id_machine_id_pk" PRIMARY KEY("tenant_id","machine_id"),
	CONSTRAINT "machine_ideal_cut_rates_cuts_per_hour_check" CHECK ("machine_ideal_cut_rates"."cuts_per_hour" > 0)
);
--> statement-breakpoint
ALTER TABLE "machine_ideal_cut_rates" ADD CONSTRAINT "machine_ideal_cut_rates_machine_fk" FOREIGN KEY ("tenant_id","machine_id") REFERENCES "public"."cutting_machines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
