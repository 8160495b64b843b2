CREATE TABLE "machine_login_refusals" (
	"tenant_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"address" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"refusals" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_login_refusals_tenant_id_machine_id_address_minute_pk" PRIMARY KEY("tenant_id","machine_id","address","minute")
);
--> statement-breakpoint
ALTER TABLE "machine_login_refusals" ADD CONSTRAINT "machine_login_refusals_tenant_id_machine_id_cutting_machines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","machine_id") REFERENCES "public"."cutting_machines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_credentials" DROP COLUMN "refused_at";
