-- Report server (issue 11, ADR 0019): daily aggregates for year-long reports. Per UTC day, the cuts
-- per (machine, knife, operator) and the time per (machine, operator, status) of the closed status
-- intervals; both maintained by telemetry's write path (ADR 0012), read by the report module for the
-- whole UTC days inside a period (hourly rollups and raw rows at the edges). The keys INCLUDE the
-- value, so a report reads them with index-only scans. Filled here from the existing hourly rollups
-- and status intervals; tenant isolation in 0032.
CREATE TABLE "cut_rollups_daily" (
	"tenant_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"knife_rfid" text DEFAULT '' NOT NULL,
	"operator_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	"cuts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cut_rollups_daily_tenant_id_machine_id_day_knife_rfid_operator_id_pk" PRIMARY KEY("tenant_id","machine_id","day","knife_rfid","operator_id") INCLUDE ("cuts")
);
--> statement-breakpoint
CREATE TABLE "status_times_daily" (
	"tenant_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"operator_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	"status" text NOT NULL,
	"micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "status_times_daily_tenant_id_machine_id_day_operator_id_status_pk" PRIMARY KEY("tenant_id","machine_id","day","operator_id","status") INCLUDE ("micros")
);
--> statement-breakpoint
-- The sources are isolated with FORCE ROW LEVEL SECURITY; the owner running this migration reads
-- every tenant's rows for the fill, and isolation is forced again right after.
ALTER TABLE cut_rollups_hourly NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE machine_status_intervals NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO cut_rollups_daily (tenant_id, machine_id, day, knife_rfid, operator_id, cuts)
SELECT tenant_id, machine_id, date_trunc('day', hour, 'UTC'), knife_rfid, operator_id, sum(cuts)
FROM cut_rollups_hourly GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- Each closed interval split at UTC midnights ('24 hours', not '1 day': the session's zone must not
-- matter); microseconds from the epochs' difference (numeric, exact).
INSERT INTO status_times_daily (tenant_id, machine_id, day, operator_id, status, micros)
SELECT i.tenant_id, i.machine_id, d.day, coalesce(i.operator_id, '00000000-0000-0000-0000-000000000000'::uuid), i.status,
       sum(((extract(epoch FROM least(i.ended_at, d.day + interval '24 hours'))
             - extract(epoch FROM greatest(i.started_at, d.day))) * 1000000)::bigint)
FROM machine_status_intervals i
CROSS JOIN LATERAL generate_series(date_trunc('day', i.started_at, 'UTC'), i.ended_at - interval '1 microsecond',
                                   interval '24 hours') AS d(day)
WHERE i.ended_at > i.started_at
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
ALTER TABLE cut_rollups_hourly FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE machine_status_intervals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The orders overlapping a report's period are those started before its end and not ended before
-- its start: this index finds the latter directly (open orders last), so a 24-hour orders report
-- reads a day's orders instead of every order the machines ever had.
CREATE INDEX "cutting_jobs_tenant_machine_ended_idx" ON "cutting_jobs" USING btree ("tenant_id","machine_id",coalesce("ended_at", 'infinity'::timestamptz));
