ALTER TABLE "workflow_run_steps" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Steps that ran before attempts were counted started once at least.
UPDATE "workflow_run_steps" SET "attempts" = 1 WHERE "status" <> 'pending';
