ALTER TABLE "runs" ADD COLUMN "instance_id" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "heartbeat_at" timestamp with time zone;