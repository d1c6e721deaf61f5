-- Issue 30: questions on a result (a beneficiary asks about an item's result from stage 40 to 90;
-- the trustee answers "kept" or "changed"), and an index for an item's history in the activity log.
CREATE TABLE IF NOT EXISTS "result_questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"estate_id" uuid NOT NULL REFERENCES "estates"("id") ON DELETE cascade,
	"item_id" uuid NOT NULL REFERENCES "items"("id") ON DELETE cascade,
	"member_id" uuid NOT NULL REFERENCES "users"("id"),
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer_text" text,
	"outcome" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid REFERENCES "users"("id"),
	CONSTRAINT "result_questions_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('kept', 'changed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "result_questions_estate_idx" ON "result_questions" USING btree ("estate_id","created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activity_estate_entity_idx" ON "activity_events" USING btree ("estate_id","entity_id");
