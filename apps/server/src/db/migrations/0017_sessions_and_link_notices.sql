-- Issue 31: a person sees their sessions (when, which device, how they signed in) and ends any of
-- them; a session lives at most 90 days from its sign-in, however often it is refreshed. Every
-- refresh token of a session (one family) carries the session's start, how it began and the device.
ALTER TABLE "refresh_tokens" ADD COLUMN IF NOT EXISTS "session_started_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refresh_tokens" r SET "session_started_at" = (SELECT min(f."created_at") FROM "refresh_tokens" f WHERE f."family_id" = r."family_id") WHERE r."session_started_at" IS NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "session_started_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "session_started_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN IF NOT EXISTS "via" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN IF NOT EXISTS "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refresh_tokens_family_idx" ON "refresh_tokens" ("family_id");--> statement-breakpoint
-- Sign-ins by an emailed link the person has been told of in the app (the newest few, kept on the
-- user row that every request reads anyway, so the notice costs no query).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "link_sign_ins" jsonb DEFAULT '[]'::jsonb NOT NULL;
