CREATE TABLE "mcp_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"protocol_version" text NOT NULL,
	"client_capabilities" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ttl_ms" integer NOT NULL
);
