CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"tool_use_id" text NOT NULL,
	"tool_name" text NOT NULL,
	"args" jsonb NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "runs_one_running_per_session";--> statement-breakpoint
ALTER TABLE "agent_tools" ADD COLUMN "requires_approval" boolean;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Tools that reach outside (an HTTP endpoint, an MCP server) wait for approval unless set otherwise.
UPDATE "tools" SET "requires_approval" = true WHERE "implementation"->>'type' IN ('http', 'mcp');--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "thinking_budget" integer;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "next_event_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_run_id_idx" ON "approvals" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "approvals_owner_status_idx" ON "approvals" USING btree ("owner","status");--> statement-breakpoint
CREATE UNIQUE INDEX "runs_one_active_per_session" ON "runs" USING btree ("session_id") WHERE "runs"."status" IN ('running', 'awaiting_approval');