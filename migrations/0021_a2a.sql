CREATE TABLE "a2a_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"session_id" uuid,
	"run_id" uuid,
	"task" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "a2a_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "a2a_tasks" ADD CONSTRAINT "a2a_tasks_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "a2a_tasks" ADD CONSTRAINT "a2a_tasks_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "a2a_tasks" ADD CONSTRAINT "a2a_tasks_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "a2a_tasks_owner_context_idx" ON "a2a_tasks" USING btree ("owner","context_id");--> statement-breakpoint
CREATE INDEX "a2a_tasks_owner_updated_at_idx" ON "a2a_tasks" USING btree ("owner","updated_at");