CREATE TABLE "tool_source_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"tool_id" uuid,
	"upstream_name" text NOT NULL,
	"change" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "tool_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"include" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exclude" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"on_change" text DEFAULT 'quarantine' NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"requires_approval" text DEFAULT 'annotations' NOT NULL,
	"sync_interval_seconds" integer DEFAULT 600 NOT NULL,
	"status" text DEFAULT 'syncing' NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_sources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "upstream_name" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "source_state" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "upstream_description" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "annotations" jsonb;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "output_schema" jsonb;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "unavailable_reason" text;--> statement-breakpoint
ALTER TABLE "tool_source_changes" ADD CONSTRAINT "tool_source_changes_source_id_tool_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."tool_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_source_changes" ADD CONSTRAINT "tool_source_changes_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_source_changes_source_id_status_idx" ON "tool_source_changes" USING btree ("source_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tool_sources_created_at_id_idx" ON "tool_sources" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_source_id_tool_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."tool_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_source_id_upstream_name_idx" ON "tools" USING btree ("source_id","upstream_name");