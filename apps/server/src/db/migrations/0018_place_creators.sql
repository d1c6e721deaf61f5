-- Issue 31: asset creators add, and change or delete only what they added (the trustee anything).
-- Items and photos already record who added them; locations and rooms now do too. Rows from before
-- this have no one recorded and count as the trustee's.
ALTER TABLE "locations" ADD COLUMN IF NOT EXISTS "created_by" uuid REFERENCES "users"("id");--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN IF NOT EXISTS "created_by" uuid REFERENCES "users"("id");
