ALTER TABLE "workflow_steps" ADD COLUMN "retry" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "timeout_seconds" integer;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "on_error" text;