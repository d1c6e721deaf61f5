CREATE TABLE "draw_records" (
	"estate_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"record" jsonb NOT NULL,
	"ran_by" uuid,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_records_estate_id_step_pk" PRIMARY KEY("estate_id","step")
);
--> statement-breakpoint
CREATE TABLE "draw_secrets" (
	"estate_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"secret" text NOT NULL,
	"commitment" text NOT NULL,
	"revealed_at" timestamp with time zone,
	"public_entropy" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_secrets_estate_id_step_pk" PRIMARY KEY("estate_id","step")
);
--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_secrets" ADD CONSTRAINT "draw_secrets_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;