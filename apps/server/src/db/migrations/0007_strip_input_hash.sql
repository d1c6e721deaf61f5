-- Privacy of inputs (distribution.md): the unsalted input hash lets a member try the few
-- combinations of others' choices that fit. Activity entries every member reads carried it (a
-- preview's, a run's, an undone step's summary); it is removed from them. The trustees-only
-- 'step.undone-record' keeps the full record.
UPDATE "activity_events" SET "to_value" = "to_value" - 'inputHash'
  WHERE "action" IN ('step.previewed', 'step.ran') AND jsonb_typeof("to_value") = 'object' AND "to_value" ? 'inputHash';--> statement-breakpoint
UPDATE "activity_events" SET "from_value" = "from_value" - 'inputHash'
  WHERE "action" = 'step.undone' AND jsonb_typeof("from_value") = 'object' AND "from_value" ? 'inputHash';
