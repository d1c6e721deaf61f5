-- Issue 30, the settlement statement (distribution.md "Settlement", ADR 0035): the trustee's weights,
-- one row per receiver as the trustee last set them; no rows mean equal shares (1 each). Each change is
-- also in the activity log (before and after).
CREATE TABLE IF NOT EXISTS "settlement_weights" (
	"estate_id" uuid NOT NULL REFERENCES "estates"("id") ON DELETE CASCADE,
	"member_id" uuid NOT NULL REFERENCES "users"("id"),
	"weight" integer NOT NULL,
	"updated_by" uuid REFERENCES "users"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("estate_id", "member_id"),
	CONSTRAINT "settlement_weights_weight_range" CHECK ("weight" BETWEEN 1 AND 1000)
);
