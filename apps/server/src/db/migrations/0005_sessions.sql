ALTER TABLE "users" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ended_sessions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Who may listen to an estate's live events changes with its memberships, whichever code (or
-- person at a SQL prompt) changes them: every server process hears it on the 'estate_access'
-- channel and stops or starts delivering that estate's events to that person's open streams.
CREATE OR REPLACE FUNCTION "estate_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.user_id <> NEW.user_id OR OLD.estate_id <> NEW.estate_id) THEN
    PERFORM pg_notify('estate_access', json_build_object('type', 'membership', 'userId', OLD.user_id, 'estateId', OLD.estate_id, 'roles', NULL)::text);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.roles IS DISTINCT FROM NEW.roles OR OLD.user_id <> NEW.user_id OR OLD.estate_id <> NEW.estate_id THEN
    PERFORM pg_notify('estate_access', json_build_object('type', 'membership', 'userId', NEW.user_id, 'estateId', NEW.estate_id, 'roles', NEW.roles)::text);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "memberships" FOR EACH ROW EXECUTE FUNCTION "estate_access_changed"();--> statement-breakpoint
-- Invitations name the invitee's address: trustees and observers only (they were shown to every member).
UPDATE "activity_events" SET "visibility" = 'trustees' WHERE "action" = 'invitation.created';
