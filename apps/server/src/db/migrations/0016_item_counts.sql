-- Issue 15, "no count(*) per page" (ADR 0023): how many items an estate has, and how many carry
-- each label, kept by statement triggers in the writing transaction, so the item list's total with
-- no filter or a category alone is one row read by key, however large the estate (counting 5,000
-- links cost more than finding the page). Not in schema.ts, so not in a backup: a restore inserts
-- the items and links, and these triggers count them again.
CREATE TABLE IF NOT EXISTS "item_counts" (
	-- An estate's id (all its items) or a label's id (the items carrying it).
	"key" uuid PRIMARY KEY NOT NULL,
	"estate_id" uuid NOT NULL REFERENCES "estates"("id") ON DELETE CASCADE,
	"items" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_counts_estate_idx" ON "item_counts" ("estate_id");--> statement-breakpoint
-- Every writer locks its estate's row before any label's row: one order, so two writers never wait
-- for each other in a circle.
CREATE OR REPLACE FUNCTION item_counts_on_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO item_counts (key, estate_id, items)
			SELECT r.estate_id, r.estate_id, count(*)::int FROM new_rows r GROUP BY r.estate_id ORDER BY r.estate_id
			ON CONFLICT (key) DO UPDATE SET items = item_counts.items + excluded.items;
	ELSE
		UPDATE item_counts c SET items = c.items - d.n
			FROM (SELECT r.estate_id, count(*)::int AS n FROM old_rows r GROUP BY r.estate_id) d
			WHERE c.key = d.estate_id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION item_counts_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		PERFORM 1 FROM item_counts c WHERE c.key IN (SELECT DISTINCT r.estate_id FROM old_rows r) ORDER BY c.key FOR UPDATE;
		UPDATE item_counts c SET items = c.items - d.n
			FROM (SELECT r.label_id, count(*)::int AS n FROM old_rows r GROUP BY r.label_id) d
			WHERE c.key = d.label_id;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM 1 FROM item_counts c WHERE c.key IN (SELECT DISTINCT r.estate_id FROM new_rows r) ORDER BY c.key FOR UPDATE;
		INSERT INTO item_counts (key, estate_id, items)
			SELECT r.label_id, r.estate_id, count(*)::int FROM new_rows r GROUP BY r.label_id, r.estate_id ORDER BY r.label_id
			ON CONFLICT (key) DO UPDATE SET items = item_counts.items + excluded.items;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS item_counts_items_insert ON items;--> statement-breakpoint
CREATE TRIGGER item_counts_items_insert AFTER INSERT ON items
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_counts_on_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS item_counts_items_delete ON items;--> statement-breakpoint
CREATE TRIGGER item_counts_items_delete AFTER DELETE ON items
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION item_counts_on_items();--> statement-breakpoint
DROP TRIGGER IF EXISTS item_counts_links_insert ON item_labels;--> statement-breakpoint
CREATE TRIGGER item_counts_links_insert AFTER INSERT ON item_labels
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_counts_on_links();--> statement-breakpoint
DROP TRIGGER IF EXISTS item_counts_links_delete ON item_labels;--> statement-breakpoint
CREATE TRIGGER item_counts_links_delete AFTER DELETE ON item_labels
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION item_counts_on_links();--> statement-breakpoint
DROP TRIGGER IF EXISTS item_counts_links_update ON item_labels;--> statement-breakpoint
CREATE TRIGGER item_counts_links_update AFTER UPDATE ON item_labels
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_counts_on_links();--> statement-breakpoint
-- The counts so far.
INSERT INTO item_counts (key, estate_id, items)
	SELECT i.estate_id, i.estate_id, count(*)::int FROM items i GROUP BY i.estate_id
	ON CONFLICT (key) DO UPDATE SET items = excluded.items;--> statement-breakpoint
INSERT INTO item_counts (key, estate_id, items)
	SELECT il.label_id, il.estate_id, count(*)::int FROM item_labels il GROUP BY il.label_id, il.estate_id
	ON CONFLICT (key) DO UPDATE SET items = excluded.items;
