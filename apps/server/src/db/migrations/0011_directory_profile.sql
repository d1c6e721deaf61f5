-- Directory and profile (issue 12, second half): a person's phone and picture; each viewer's own
-- stars and groups of members; memberships a trustee disabled (kept apart, so a disabled person is
-- a non-member to every query); indexes for a person's own timeline and photos.
ALTER TABLE "users" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
CREATE TABLE "member_stars" (
	"estate_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_stars_estate_id_viewer_id_member_id_pk" PRIMARY KEY("estate_id","viewer_id","member_id")
);--> statement-breakpoint
CREATE TABLE "member_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"estate_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "member_group_members" (
	"estate_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	CONSTRAINT "member_group_members_group_id_member_id_pk" PRIMARY KEY("group_id","member_id")
);--> statement-breakpoint
CREATE TABLE "disabled_memberships" (
	"estate_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"roles" integer[] NOT NULL,
	"receives_through" uuid,
	"joined_at" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone NOT NULL,
	"disabled_by" uuid,
	CONSTRAINT "disabled_memberships_estate_id_user_id_pk" PRIMARY KEY("estate_id","user_id")
);--> statement-breakpoint
ALTER TABLE "member_stars" ADD CONSTRAINT "member_stars_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_stars" ADD CONSTRAINT "member_stars_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_stars" ADD CONSTRAINT "member_stars_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_groups" ADD CONSTRAINT "member_groups_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_groups" ADD CONSTRAINT "member_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_group_members" ADD CONSTRAINT "member_group_members_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_group_members" ADD CONSTRAINT "member_group_members_group_id_member_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."member_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_group_members" ADD CONSTRAINT "member_group_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disabled_memberships" ADD CONSTRAINT "disabled_memberships_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disabled_memberships" ADD CONSTRAINT "disabled_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disabled_memberships" ADD CONSTRAINT "disabled_memberships_receives_through_users_id_fk" FOREIGN KEY ("receives_through") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disabled_memberships" ADD CONSTRAINT "disabled_memberships_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_groups_owner_idx" ON "member_groups" USING btree ("estate_id","owner_id");--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity_events" USING btree ("actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "photos_created_by_idx" ON "photos" USING btree ("created_by","created_at" DESC NULLS LAST);
