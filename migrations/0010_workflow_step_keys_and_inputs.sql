ALTER TABLE "workflow_steps" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "input" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_steps_workflow_id_key_idx" ON "workflow_steps" USING btree ("workflow_id","key");