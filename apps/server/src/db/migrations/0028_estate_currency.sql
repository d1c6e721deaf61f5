-- Estates keep a currency of their own now (issue 36). An estate from before gets the currency most
-- of its valued items are in (the settlement guessed it the same way), so nothing changes for it.
UPDATE "estates" e SET "settings" = e."settings" || jsonb_build_object('currency', (
	SELECT i."currency" FROM "items" i
	WHERE i."estate_id" = e."id" AND i."value" IS NOT NULL
	GROUP BY i."currency" ORDER BY count(*) DESC, i."currency" LIMIT 1
))
WHERE e."settings"->>'currency' IS NULL
	AND EXISTS (SELECT 1 FROM "items" i WHERE i."estate_id" = e."id" AND i."value" IS NOT NULL);
