CREATE TABLE "blobs" (
	"key" text NOT NULL,
	"chunk_index" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "blobs_key_chunk_index_pk" PRIMARY KEY("key","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "file_usages" (
	"file_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_usages_file_id_run_id_pk" PRIMARY KEY("file_id","run_id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"name" text NOT NULL,
	"declared_type" text,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_usages" ADD CONSTRAINT "file_usages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_usages" ADD CONSTRAINT "file_usages_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_usages_run_id_idx" ON "file_usages" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "files_owner_created_at_idx" ON "files" USING btree ("owner","created_at");