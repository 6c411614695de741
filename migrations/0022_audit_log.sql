CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"pruned_through_seq" bigint NOT NULL,
	"pruned_through_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"type" text NOT NULL,
	"user_name" text NOT NULL,
	"key_id" text,
	"oauth_client_id" text,
	"transport" text,
	"target" text,
	"outcome" text NOT NULL,
	"error_code" text,
	"duration_ms" double precision,
	"details" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_user_idx" ON "audit_entries" USING btree ("user_name","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at");--> statement-breakpoint
INSERT INTO "audit_chain_head" ("id", "last_seq", "last_hash", "pruned_through_seq", "pruned_through_hash") VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000', 0, '0000000000000000000000000000000000000000000000000000000000000000');
