CREATE TABLE "workflow_run_events" (
	"workflow_run_id" uuid NOT NULL,
	"sequence_number" bigint NOT NULL,
	"event_index" integer NOT NULL,
	"type" text NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_run_events_workflow_run_id_sequence_number_pk" PRIMARY KEY("workflow_run_id","sequence_number")
);
--> statement-breakpoint
CREATE TABLE "workflow_run_steps" (
	"workflow_run_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_id" uuid,
	"output" jsonb,
	"error" jsonb,
	CONSTRAINT "workflow_run_steps_workflow_run_id_index_pk" PRIMARY KEY("workflow_run_id","index")
);
--> statement-breakpoint
CREATE TABLE "workflow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"input" jsonb,
	"output" jsonb,
	"error" jsonb,
	"steps" jsonb NOT NULL,
	"last_sequence_number" bigint DEFAULT -1 NOT NULL,
	"next_event_index" integer DEFAULT 0 NOT NULL,
	"instance_id" text,
	"heartbeat_at" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text,
	"webhook_url" text,
	"parent_run_id" uuid,
	"depth" integer DEFAULT 0 NOT NULL,
	"trace_parent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "workflow_run_id" uuid;--> statement-breakpoint
ALTER TABLE "workflow_run_events" ADD CONSTRAINT "workflow_run_events_workflow_run_id_workflow_runs_id_fk" FOREIGN KEY ("workflow_run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD CONSTRAINT "workflow_run_steps_workflow_run_id_workflow_runs_id_fk" FOREIGN KEY ("workflow_run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD CONSTRAINT "workflow_run_steps_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_parent_run_id_runs_id_fk" FOREIGN KEY ("parent_run_id") REFERENCES "public"."runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_run_events_index_idx" ON "workflow_run_events" USING btree ("workflow_run_id","event_index");--> statement-breakpoint
CREATE INDEX "workflow_runs_owner_workflow_idx" ON "workflow_runs" USING btree ("owner","workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_runs_active_idx" ON "workflow_runs" USING btree ("status") WHERE "workflow_runs"."status" IN ('running', 'awaiting_approval');--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_idempotency_key" ON "workflow_runs" USING btree ("owner","idempotency_key") WHERE "workflow_runs"."idempotency_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_workflow_run_id_workflow_runs_id_fk" FOREIGN KEY ("workflow_run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runs_workflow_run_id_idx" ON "runs" USING btree ("workflow_run_id");