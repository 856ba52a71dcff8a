CREATE TABLE "member_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_allowances" (
	"profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"used" smallint NOT NULL,
	CONSTRAINT "daily_allowances_profile_id_kind_day_pk" PRIMARY KEY("profile_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"id" serial PRIMARY KEY NOT NULL,
	"liker_profile_id" integer NOT NULL,
	"liked_profile_id" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "likes_not_self" CHECK ("likes"."liker_profile_id" <> "likes"."liked_profile_id")
);
--> statement-breakpoint
CREATE TABLE "match_finder_answers" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swipe_answers" (
	"profile_id" integer NOT NULL,
	"target_profile_id" integer NOT NULL,
	"answer" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swipe_answers_profile_id_target_profile_id_pk" PRIMARY KEY("profile_id","target_profile_id")
);
--> statement-breakpoint
ALTER TABLE "member_events" ADD CONSTRAINT "member_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_allowances" ADD CONSTRAINT "daily_allowances_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_profile_id_profiles_id_fk" FOREIGN KEY ("liker_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_profile_id_profiles_id_fk" FOREIGN KEY ("liked_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_finder_answers" ADD CONSTRAINT "match_finder_answers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_answers" ADD CONSTRAINT "swipe_answers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_answers" ADD CONSTRAINT "swipe_answers_target_profile_id_profiles_id_fk" FOREIGN KEY ("target_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_events_user_idx" ON "member_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "member_events_created_idx" ON "member_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "daily_allowances_day_idx" ON "daily_allowances" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "likes_pair_idx" ON "likes" USING btree ("liker_profile_id","liked_profile_id");--> statement-breakpoint
CREATE INDEX "likes_given_idx" ON "likes" USING btree ("liker_profile_id","id");--> statement-breakpoint
CREATE INDEX "likes_received_idx" ON "likes" USING btree ("liked_profile_id","id");