CREATE TABLE "mcp_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"work_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ttl_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mcp_tasks_owner_created_at_idx" ON "mcp_tasks" USING btree ("owner","created_at");