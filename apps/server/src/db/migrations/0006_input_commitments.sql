CREATE TABLE "input_commitments" (
	"estate_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"root" text NOT NULL,
	"salts" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"frozen_at" timestamp with time zone NOT NULL,
	"frozen_by" uuid,
	CONSTRAINT "input_commitments_estate_id_stage_pk" PRIMARY KEY("estate_id","stage")
);
--> statement-breakpoint
ALTER TABLE "input_commitments" ADD CONSTRAINT "input_commitments_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_commitments" ADD CONSTRAINT "input_commitments_frozen_by_users_id_fk" FOREIGN KEY ("frozen_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;