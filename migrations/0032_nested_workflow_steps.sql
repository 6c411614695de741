ALTER TABLE "workflow_steps" DROP CONSTRAINT "workflow_steps_one_target";--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "type" text;--> statement-breakpoint
UPDATE "workflow_steps" SET "type" = CASE WHEN "agent_id" IS NOT NULL THEN 'agent' ELSE 'tool' END;--> statement-breakpoint
ALTER TABLE "workflow_steps" ALTER COLUMN "type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "parent_position" integer;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "slot" text;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_at_most_one_target" CHECK (num_nonnulls("workflow_steps"."agent_id", "workflow_steps"."tool_id") <= 1);
