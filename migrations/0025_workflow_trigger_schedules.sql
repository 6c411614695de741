ALTER TABLE "workflow_trigger_fires" ADD COLUMN "outcome" text DEFAULT 'started' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_triggers" ADD COLUMN "cron" text;--> statement-breakpoint
ALTER TABLE "workflow_triggers" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "workflow_triggers" ADD COLUMN "overlap" text;--> statement-breakpoint
ALTER TABLE "workflow_triggers" ADD COLUMN "next_fire_at" timestamp with time zone;