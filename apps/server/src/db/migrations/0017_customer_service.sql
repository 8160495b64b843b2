CREATE TABLE "machine_accesses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"machine_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"state" text NOT NULL,
	"actor_tenant_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"actor_role" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"diagnostics" jsonb,
	CONSTRAINT "machine_accesses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "manufacturer_grants" (
	"tenant_id" uuid NOT NULL,
	"manufacturer_tenant_id" uuid NOT NULL,
	"granted_by_user_id" uuid,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manufacturer_grants_tenant_id_manufacturer_tenant_id_pk" PRIMARY KEY("tenant_id","manufacturer_tenant_id")
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"manufacturer_tenant_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"make" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_area_customers" (
	"tenant_id" uuid NOT NULL,
	"service_area_id" uuid NOT NULL,
	"customer_tenant_id" uuid NOT NULL,
	CONSTRAINT "service_area_customers_tenant_id_service_area_id_customer_tenant_id_pk" PRIMARY KEY("tenant_id","service_area_id","customer_tenant_id")
);
--> statement-breakpoint
CREATE TABLE "service_area_users" (
	"tenant_id" uuid NOT NULL,
	"service_area_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "service_area_users_tenant_id_service_area_id_user_id_pk" PRIMARY KEY("tenant_id","service_area_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_areas_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "machine_accesses" ADD CONSTRAINT "machine_accesses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturer_grants" ADD CONSTRAINT "manufacturer_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturer_grants" ADD CONSTRAINT "manufacturer_grants_manufacturer_tenant_id_manufacturers_manufacturer_tenant_id_fk" FOREIGN KEY ("manufacturer_tenant_id") REFERENCES "public"."manufacturers"("manufacturer_tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD CONSTRAINT "manufacturers_manufacturer_tenant_id_tenants_id_fk" FOREIGN KEY ("manufacturer_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_area_customers" ADD CONSTRAINT "service_area_customers_customer_tenant_id_tenants_id_fk" FOREIGN KEY ("customer_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_area_customers" ADD CONSTRAINT "service_area_customers_tenant_id_service_area_id_service_areas_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_area_id") REFERENCES "public"."service_areas"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_area_users" ADD CONSTRAINT "service_area_users_tenant_id_service_area_id_service_areas_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_area_id") REFERENCES "public"."service_areas"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_area_users" ADD CONSTRAINT "service_area_users_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_accesses_machine_opened_idx" ON "machine_accesses" USING btree ("tenant_id","machine_id","opened_at");--> statement-breakpoint
CREATE INDEX "machine_accesses_opened_idx" ON "machine_accesses" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "manufacturer_grants_manufacturer_idx" ON "manufacturer_grants" USING btree ("manufacturer_tenant_id");--> statement-breakpoint
CREATE INDEX "service_area_customers_customer_idx" ON "service_area_customers" USING btree ("tenant_id","customer_tenant_id");--> statement-breakpoint
CREATE INDEX "service_area_users_user_idx" ON "service_area_users" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_areas_tenant_name_key" ON "service_areas" USING btree ("tenant_id",lower("name"));