CREATE TABLE "a2a_push_configs" (
	"task_id" text NOT NULL,
	"id" text NOT NULL,
	"owner" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"url" text NOT NULL,
	"sealed_token" text,
	"auth_scheme" text,
	"sealed_credentials" text,
	"wire_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "a2a_push_configs_task_id_id_pk" PRIMARY KEY("task_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "content_type" text DEFAULT 'application/json' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "sealed_headers" text;--> statement-breakpoint
ALTER TABLE "a2a_push_configs" ADD CONSTRAINT "a2a_push_configs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;