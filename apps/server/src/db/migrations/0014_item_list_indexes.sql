-- Issue 15: an index for every filter and sort of the item list that had none (place, "mine",
-- high interest, last changed), so the database path stays fast without the read cache.
CREATE INDEX IF NOT EXISTS "items_estate_location_idx" ON "items" USING btree ("estate_id","location_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "items_estate_updated_idx" ON "items" USING btree ("estate_id","updated_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "items_estate_assigned_idx" ON "items" USING btree ("estate_id","assigned_to") WHERE "assigned_to" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "items_estate_high_interest_idx" ON "items" USING btree ("estate_id") WHERE "high_interest";
