-- Issue 15, a fast database path for reads (ADR 0018): what the item list shows beside each item
-- (receivers' hearts, photos, the first photo, category and tag names) kept in one row per item,
-- maintained by triggers in the same transaction as the write that changes it (a heart, a photo, a
-- label, a member's roles), so a page is one index range scan and a join by key instead of five
-- correlated subqueries per item. Counts only: never who hearted.
CREATE TABLE IF NOT EXISTS "item_summaries" (
	"item_id" uuid PRIMARY KEY NOT NULL REFERENCES "items"("id") ON DELETE CASCADE,
	"estate_id" uuid NOT NULL REFERENCES "estates"("id") ON DELETE CASCADE,
	"interest_count" integer DEFAULT 0 NOT NULL,
	"photo_count" integer DEFAULT 0 NOT NULL,
	"first_photo_id" uuid,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL
);--> statement-breakpoint
-- Recomputes one item's summary (the parts named by `part`: 'interests', 'photos', 'labels').
-- The row is locked first, and each statement after the lock reads a fresh snapshot (READ
-- COMMITTED), so two writers on the same item cannot both write a stale count; recomputing (not
-- adding one) keeps the row right after a restore or any write path, whatever it is.
CREATE OR REPLACE FUNCTION item_summary_refresh(p_item uuid, part text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO item_summaries (item_id, estate_id)
		SELECT i.id, i.estate_id FROM items i WHERE i.id = p_item
		ON CONFLICT (item_id) DO NOTHING;
	PERFORM 1 FROM item_summaries WHERE item_id = p_item FOR UPDATE;
	IF part = 'interests' THEN
		-- Receivers' hearts (the Beneficiary role, 10); offspring hearts are advice and never count.
		UPDATE item_summaries SET interest_count = (
			SELECT count(*)::int FROM interests i
			JOIN memberships m ON m.estate_id = i.estate_id AND m.user_id = i.member_id
			WHERE i.item_id = p_item AND 10 = ANY(m.roles))
		WHERE item_id = p_item;
	ELSIF part = 'photos' THEN
		UPDATE item_summaries SET
			photo_count = (SELECT count(*)::int FROM photos p WHERE p.item_id = p_item),
			first_photo_id = (SELECT p.id FROM photos p WHERE p.item_id = p_item ORDER BY p.position, p.id LIMIT 1)
		WHERE item_id = p_item;
	ELSE
		UPDATE item_summaries SET
			categories = (SELECT coalesce(jsonb_agg(l.name ORDER BY lower(l.name)), '[]'::jsonb)
				FROM item_labels il JOIN labels l ON l.id = il.label_id WHERE il.item_id = p_item AND l.kind = 'category'),
			tags = (SELECT coalesce(jsonb_agg(l.name ORDER BY lower(l.name)), '[]'::jsonb)
				FROM item_labels il JOIN labels l ON l.id = il.label_id WHERE il.item_id = p_item AND l.kind = 'tag')
		WHERE item_id = p_item;
	END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION item_summary_on_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM item_summary_refresh(OLD.item_id, TG_ARGV[0]);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') AND (TG_OP = 'INSERT' OR NEW.item_id IS DISTINCT FROM OLD.item_id) THEN
		PERFORM item_summary_refresh(NEW.item_id, TG_ARGV[0]);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
-- A renamed (or re-kinded) label: every item carrying it.
CREATE OR REPLACE FUNCTION item_summary_on_label() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM item_summary_refresh(il.item_id, 'labels') FROM item_labels il WHERE il.label_id = NEW.id;
	RETURN NULL;
END $$;--> statement-breakpoint
-- A member who gains, loses or leaves the Beneficiary role: every item they hearted.
CREATE OR REPLACE FUNCTION item_summary_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM item_summary_refresh(i.item_id, 'interests') FROM interests i WHERE i.estate_id = OLD.estate_id AND i.member_id = OLD.user_id;
	END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM item_summary_refresh(i.item_id, 'interests') FROM interests i WHERE i.estate_id = NEW.estate_id AND i.member_id = NEW.user_id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS item_summaries_interests ON interests;--> statement-breakpoint
CREATE TRIGGER item_summaries_interests AFTER INSERT OR DELETE OR UPDATE OF item_id, member_id ON interests
	FOR EACH ROW EXECUTE FUNCTION item_summary_on_row('interests');--> statement-breakpoint
DROP TRIGGER IF EXISTS item_summaries_photos ON photos;--> statement-breakpoint
CREATE TRIGGER item_summaries_photos AFTER INSERT OR DELETE OR UPDATE OF item_id, position ON photos
	FOR EACH ROW EXECUTE FUNCTION item_summary_on_row('photos');--> statement-breakpoint
DROP TRIGGER IF EXISTS item_summaries_item_labels ON item_labels;--> statement-breakpoint
CREATE TRIGGER item_summaries_item_labels AFTER INSERT OR DELETE OR UPDATE OF item_id, label_id ON item_labels
	FOR EACH ROW EXECUTE FUNCTION item_summary_on_row('labels');--> statement-breakpoint
DROP TRIGGER IF EXISTS item_summaries_labels ON labels;--> statement-breakpoint
CREATE TRIGGER item_summaries_labels AFTER UPDATE OF name, kind ON labels
	FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.kind IS DISTINCT FROM NEW.kind)
	EXECUTE FUNCTION item_summary_on_label();--> statement-breakpoint
DROP TRIGGER IF EXISTS item_summaries_memberships ON memberships;--> statement-breakpoint
CREATE TRIGGER item_summaries_memberships AFTER INSERT OR DELETE OR UPDATE OF roles ON memberships
	FOR EACH ROW EXECUTE FUNCTION item_summary_on_member();--> statement-breakpoint
-- The list filtered by a category and sorted by number (its default) as one index range: each
-- item-label link carries its item's number (which never changes), filled in by a trigger from any
-- writer (the catalogue, the import, an accepted correction).
ALTER TABLE "item_labels" ADD COLUMN IF NOT EXISTS "item_number" integer;--> statement-breakpoint
UPDATE "item_labels" il SET "item_number" = i."number" FROM "items" i WHERE i."id" = il."item_id" AND il."item_number" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION item_labels_fill_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.item_number := (SELECT i.number FROM items i WHERE i.id = NEW.item_id);
	RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS item_labels_number ON item_labels;--> statement-breakpoint
CREATE TRIGGER item_labels_number BEFORE INSERT OR UPDATE OF item_id ON item_labels
	FOR EACH ROW EXECUTE FUNCTION item_labels_fill_number();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_labels_label_number_idx" ON "item_labels" USING btree ("label_id","item_number","item_id");--> statement-breakpoint
-- The backfill: every existing item, in one statement.
INSERT INTO item_summaries (item_id, estate_id, interest_count, photo_count, first_photo_id, categories, tags)
SELECT it.id, it.estate_id,
	(SELECT count(*)::int FROM interests i JOIN memberships m ON m.estate_id = i.estate_id AND m.user_id = i.member_id
		WHERE i.item_id = it.id AND 10 = ANY(m.roles)),
	(SELECT count(*)::int FROM photos p WHERE p.item_id = it.id),
	(SELECT p.id FROM photos p WHERE p.item_id = it.id ORDER BY p.position, p.id LIMIT 1),
	(SELECT coalesce(jsonb_agg(l.name ORDER BY lower(l.name)), '[]'::jsonb) FROM item_labels il JOIN labels l ON l.id = il.label_id
		WHERE il.item_id = it.id AND l.kind = 'category'),
	(SELECT coalesce(jsonb_agg(l.name ORDER BY lower(l.name)), '[]'::jsonb) FROM item_labels il JOIN labels l ON l.id = il.label_id
		WHERE il.item_id = it.id AND l.kind = 'tag')
FROM items it
ON CONFLICT (item_id) DO NOTHING;
