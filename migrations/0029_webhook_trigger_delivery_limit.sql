ALTER TABLE "workflow_triggers" ADD COLUMN "deliveries_per_minute" integer;--> statement-breakpoint
ALTER TABLE "workflow_triggers" ADD COLUMN "delivery_window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_triggers" ADD COLUMN "delivery_window_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "workflow_triggers" SET "deliveries_per_minute" = 60 WHERE "type" = 'webhook';