-- Keys issued before users existed become their own user, named like the key.
ALTER TABLE "api_keys" ADD COLUMN "user_name" text;--> statement-breakpoint
UPDATE "api_keys" SET "user_name" = "name";--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "user_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;
