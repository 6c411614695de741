-- Tools stored before visibility existed: the builtin ones stay open to callers without a key
-- (seed 001); `http` and `mcp` tools, which may carry secret headers, become private.
ALTER TABLE "tools" ADD COLUMN "public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "tools" SET "public" = true WHERE "implementation"->>'type' = 'builtin';
