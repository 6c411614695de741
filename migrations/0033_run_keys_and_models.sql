ALTER TABLE "runs" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "key_id" text;--> statement-breakpoint
-- Runs stored before carry no model: their agent's model now is the best guess there is.
UPDATE "runs" SET "model" = a."model_config"->>'model'
FROM "sessions" s JOIN "agents" a ON a."id" = s."agent_id"
WHERE s."id" = "runs"."session_id";
