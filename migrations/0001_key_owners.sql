-- Keys issued before users existed become their own user, named like the key; keys sharing a
-- name are told apart by the start of their id, so each stays a user of its own.
ALTER TABLE "api_keys" ADD COLUMN "user_name" text;--> statement-breakpoint
UPDATE "api_keys" AS "key" SET "user_name" = CASE
  WHEN (SELECT count(*) FROM "api_keys" AS "other" WHERE "other"."name" = "key"."name") > 1
    THEN "key"."name" || ' (' || left("key"."id"::text, 8) || ')'
  ELSE "key"."name"
END;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "user_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;
