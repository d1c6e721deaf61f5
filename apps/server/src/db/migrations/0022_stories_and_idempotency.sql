-- Issue 34: stories on an item (a text, a voice recording, or both, with who told it and when), and
-- the answers kept for `Idempotency-Key` headers, so a creation repeated after a lost answer (an
-- offline phone sending its queue again) answers what the first did and creates nothing.
CREATE TABLE IF NOT EXISTS "stories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"estate_id" uuid NOT NULL REFERENCES "estates"("id") ON DELETE cascade,
	"item_id" uuid NOT NULL REFERENCES "items"("id") ON DELETE cascade,
	"author_id" uuid NOT NULL REFERENCES "users"("id"),
	"text" text,
	"audio_key" text,
	"audio_type" text,
	"audio_bytes" integer,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_something_told_check" CHECK ("text" IS NOT NULL OR "audio_key" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_item_idx" ON "stories" USING btree ("estate_id","item_id","created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "idempotency_keys" (
	"estate_id" uuid NOT NULL REFERENCES "estates"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" integer,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY ("estate_id","user_id","key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
