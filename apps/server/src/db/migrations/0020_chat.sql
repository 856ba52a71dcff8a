CREATE TABLE "chat_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_profile_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_members" (
	"conversation_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"user_id" integer,
	"other_profile_id" integer NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"wrote" boolean DEFAULT false NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"hidden_up_to_id" bigint DEFAULT 0 NOT NULL,
	"last_message_id" bigint,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_members_profile_id_conversation_id_pk" PRIMARY KEY("profile_id","conversation_id"),
	CONSTRAINT "conversation_members_unread" CHECK ("conversation_members"."unread_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"profile_low" integer NOT NULL,
	"profile_high" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversations_pair_order" CHECK ("conversations"."profile_low" < "conversations"."profile_high")
);
--> statement-breakpoint
CREATE TABLE "member_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"reporter_profile_id" integer NOT NULL,
	"reported_profile_id" integer NOT NULL,
	"message_id" bigint,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender_profile_id" integer NOT NULL,
	"recipient_profile_id" integer NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"photo_id" integer,
	"gift_id" text,
	"gif" jsonb,
	"credits" integer NOT NULL,
	"client_id" text NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messages_credits" CHECK ("messages"."credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_photos" ADD CONSTRAINT "chat_photos_owner_profile_id_profiles_id_fk" FOREIGN KEY ("owner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_other_profile_id_profiles_id_fk" FOREIGN KEY ("other_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_profile_low_profiles_id_fk" FOREIGN KEY ("profile_low") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_profile_high_profiles_id_fk" FOREIGN KEY ("profile_high") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_reporter_profile_id_profiles_id_fk" FOREIGN KEY ("reporter_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_reported_profile_id_profiles_id_fk" FOREIGN KEY ("reported_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_profile_id_profiles_id_fk" FOREIGN KEY ("sender_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_profile_id_profiles_id_fk" FOREIGN KEY ("recipient_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_photo_id_chat_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."chat_photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_photos_owner_idx" ON "chat_photos" USING btree ("owner_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_members_list_idx" ON "conversation_members" USING btree ("profile_id","updated_at") WHERE "conversation_members"."listed";--> statement-breakpoint
CREATE INDEX "conversation_members_operator_queue_idx" ON "conversation_members" USING btree ("updated_at") WHERE "conversation_members"."user_id" is null and "conversation_members"."unread_count" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_idx" ON "conversations" USING btree ("profile_low","profile_high");--> statement-breakpoint
CREATE INDEX "member_reports_open_idx" ON "member_reports" USING btree ("created_at") WHERE "member_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "member_reports_reporter_idx" ON "member_reports" USING btree ("reporter_profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_idx" ON "messages" USING btree ("sender_profile_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "messages_held_idx" ON "messages" USING btree ("sender_profile_id") WHERE "messages"."held";--> statement-breakpoint
CREATE INDEX "messages_photo_idx" ON "messages" USING btree ("photo_id") WHERE "messages"."photo_id" is not null;