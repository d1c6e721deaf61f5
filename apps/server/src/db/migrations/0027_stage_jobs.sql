-- Slow work a stage move sets off (stage 90's report files), recorded in the move's transaction
-- and run after it commits: retried until done, its progress shown on the control panel.
CREATE TABLE IF NOT EXISTS "stage_jobs" (
	"estate_id" uuid NOT NULL REFERENCES "estates"("id") ON DELETE CASCADE,
	"effect" text NOT NULL,
	"actor_id" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "stage_jobs_pk" PRIMARY KEY ("estate_id", "effect")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stage_jobs_status_idx" ON "stage_jobs" USING btree ("status");
