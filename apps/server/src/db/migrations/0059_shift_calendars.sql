CREATE TABLE "location_calendars" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"time_zone" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_calendars_tenant_id_location_id_pk" PRIMARY KEY("tenant_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "location_holidays" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "location_holidays_tenant_id_location_id_day_pk" PRIMARY KEY("tenant_id","location_id","day")
);
--> statement-breakpoint
CREATE TABLE "location_shift_breaks" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"shift_position" smallint NOT NULL,
	"position" smallint NOT NULL,
	"start_time" time NOT NULL,
	"minutes" smallint NOT NULL,
	CONSTRAINT "location_shift_breaks_pk" PRIMARY KEY("tenant_id","location_id","shift_position","position"),
	CONSTRAINT "location_shift_breaks_minutes_check" CHECK ("location_shift_breaks"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "location_shifts" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"weekday" smallint NOT NULL,
	"name" text NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "location_shifts_tenant_id_location_id_position_pk" PRIMARY KEY("tenant_id","location_id","position"),
	CONSTRAINT "location_shifts_weekday_check" CHECK ("location_shifts"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "location_shifts_length_check" CHECK ("location_shifts"."start_time" <> "location_shifts"."end_time")
);
--> statement-breakpoint
ALTER TABLE "location_calendars" ADD CONSTRAINT "location_calendars_location_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_holidays" ADD CONSTRAINT "location_holidays_calendar_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."location_calendars"("tenant_id","location_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_shift_breaks" ADD CONSTRAINT "location_shift_breaks_shift_fk" FOREIGN KEY ("tenant_id","location_id","shift_position") REFERENCES "public"."location_shifts"("tenant_id","location_id","position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_shifts" ADD CONSTRAINT "location_shifts_calendar_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."location_calendars"("tenant_id","location_id") ON DELETE cascade ON UPDATE no action;