-- Issue 13: lesson progress and personal to-dos (labels, folders, soft delete). Each belongs to
-- one person across estates (like users), so none carries estate_id.
CREATE TABLE IF NOT EXISTS "lesson_progress" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"course_id" text NOT NULL,
	"active_step" integer NOT NULL,
	"furthest_step" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "todo_folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"icon" text DEFAULT 'folder' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "todo_folders_user_handle_key" ON "todo_folders" USING btree ("user_id","handle");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "todo_labels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "todo_labels_user_handle_key" ON "todo_labels" USING btree ("user_id","handle");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "personal_todos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"starred" boolean DEFAULT false NOT NULL,
	"important" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"folder_id" uuid REFERENCES "todo_folders"("id") ON DELETE set null,
	"label_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "personal_todos_user_idx" ON "personal_todos" USING btree ("user_id","created_at");
