CREATE TABLE "budget_counters" (
	"budget_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"tool_calls" bigint DEFAULT 0 NOT NULL,
	"runs" bigint DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "budget_counters_budget_id_window_start_pk" PRIMARY KEY("budget_id","window_start")
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope_user" text,
	"scope_key_id" text,
	"scope_agent_id" text,
	"period" text NOT NULL,
	"limit_tool_calls" bigint,
	"limit_runs" bigint,
	"limit_tokens" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_one_scope" CHECK (num_nonnulls("budgets"."scope_user", "budgets"."scope_key_id", "budgets"."scope_agent_id") = 1)
);
