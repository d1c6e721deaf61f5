CREATE TABLE "approvals" (
	"estate_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"suggestion" jsonb,
	"automatic" boolean DEFAULT false NOT NULL,
	"resolution" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approvals_item_id_member_id_pk" PRIMARY KEY("item_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "deadlines" (
	"estate_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"auto_advance" boolean DEFAULT false NOT NULL,
	"reminded_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	CONSTRAINT "deadlines_estate_id_stage_pk" PRIMARY KEY("estate_id","stage")
);
--> statement-breakpoint
CREATE TABLE "participation" (
	"estate_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	CONSTRAINT "participation_estate_id_member_id_stage_pk" PRIMARY KEY("estate_id","member_id","stage")
);
--> statement-breakpoint
CREATE TABLE "rankings" (
	"estate_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "rankings_member_id_item_id_pk" PRIMARY KEY("member_id","item_id"),
	CONSTRAINT "rankings_rank_range" CHECK ("rankings"."rank" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "token_allocations" (
	"estate_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "token_allocations_member_id_item_id_pk" PRIMARY KEY("member_id","item_id"),
	CONSTRAINT "token_allocations_count_range" CHECK ("token_allocations"."count" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation" ADD CONSTRAINT "participation_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation" ADD CONSTRAINT "participation_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_allocations" ADD CONSTRAINT "token_allocations_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_allocations" ADD CONSTRAINT "token_allocations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_allocations" ADD CONSTRAINT "token_allocations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_estate_member_idx" ON "approvals" USING btree ("estate_id","member_id");--> statement-breakpoint
CREATE INDEX "deadlines_due_idx" ON "deadlines" USING btree ("processed_at","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rankings_member_rank_key" ON "rankings" USING btree ("estate_id","member_id","rank");