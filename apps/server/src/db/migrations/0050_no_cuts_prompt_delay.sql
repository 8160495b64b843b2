ALTER TABLE "cutting_machines" ADD COLUMN "no_cuts_prompt_delay" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "no_cuts_prompt_delay" integer;