ALTER TABLE "workflow_run_steps" ADD COLUMN "path" text;--> statement-breakpoint
-- Steps stored before paths were all top-level: a step's path is its index.
UPDATE "workflow_run_steps" SET "path" = "index"::text;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ALTER COLUMN "path" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" DROP CONSTRAINT "workflow_run_steps_workflow_run_id_index_pk";--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ALTER COLUMN "index" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD CONSTRAINT "workflow_run_steps_workflow_run_id_path_pk" PRIMARY KEY("workflow_run_id","path");
